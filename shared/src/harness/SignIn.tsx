/**
 * The platform's sign-in on a remote's standalone page (QA): mobile number, one-time code, session,
 * with the login screen's calls (a new number registers with the same code), then back to the
 * screen that asked (`redirect`) or the remote's first screen. QA builds add the test-borrower
 * fixtures below it when the server's dev controls are on (QaFixtures.tsx).
 */
import { lazy, Suspense, use, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/http';
import { codeWaitOf, toApiError } from '../api/errors';
import { solveChallenge } from '../api/challenge';
import { endpoints } from '../contract/endpoints';
import { ErrorCode } from '../contract/errorCodes';
import { laterStringsLoaded, loadLaterStrings } from '../i18n/later';
import { pakistaniMobile } from '../contract/schemas/common';
import { completeLogin, REDIRECT_PARAM } from '../session/login';
import { useSession } from '../session/store';
import { useSearchParams } from '../routes/hooks';
import { toast } from '../runtime/toast';
import { Button, Checkbox, MobileField, OneTimeCodeField, Page, useCountdown, useErrorText, type CodeChannel } from 'shared/ui';

// QA's test borrowers: only in builds that ask for them (platform/src/build/native-sim.ts), never a borrower's
const QaFixtures = process.env.NATIVE_SIM === '1' ? lazy(() => import('./QaFixtures')) : null;

const CODE_ERRORS: readonly number[] = [ErrorCode.otpInvalid, ErrorCode.otpExpired, ErrorCode.otpLocked];

interface Errors {
  mobile?: string;
  code?: string;
  agree?: string;
}

/** The form's messages are the platform's later strings (i18n/later.ts): not a remote's screen, it waits for them itself. */
function WithLaterStrings({ children }: { children: ReactNode }) {
  if (!laterStringsLoaded()) use(loadLaterStrings());
  return children;
}

export function SignIn({ home }: { home: string }) {
  return (
    <Suspense>
      <WithLaterStrings>
        <SignInForm home={home} />
      </WithLaterStrings>
    </Suspense>
  );
}

function SignInForm({ home }: { home: string }) {
  const { t } = useTranslation('qa');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const wanted = params.get(REDIRECT_PARAM);
  const back = wanted && wanted.startsWith('/') && !wanted.startsWith('//') ? wanted : home;
  const signedInAs = useSession((s) => (s.token ? s.userInfo?.mobile : null));
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState<CodeChannel | null>(null);
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown('qa:signIn:codeUntil');

  const m = pakistaniMobile(mobile);
  const mobileError = m ? undefined : t(mobile ? 'common:validation.mobileInvalid' : 'common:validation.mobileRequired');
  const number = () => {
    setErrors((e) => ({ ...e, mobile: mobileError }));
    return m;
  };

  async function send(channel: CodeChannel, proof?: { challenge: string; solution: string }) {
    const to = number();
    if (!to) return;
    setSending(channel);
    try {
      const r = await call(endpoints.getVerifyCode, { mobile: to, type: 'login', channel, ...proof });
      countdown.start(r.resendAfterSeconds);
      toast(t(channel === 'voice' ? 'common:verify.voiceSent' : 'common:verify.codeSent'), 'success');
    } catch (e) {
      const err = toApiError(e);
      if (err.code === ErrorCode.challengeRequired && !proof) {
        const { challenge, bits } = err.data as { challenge: string; bits: number };
        setChecking(true);
        const solution = await solveChallenge(challenge, bits).finally(() => setChecking(false));
        return void (await send(channel, { challenge, solution }));
      }
      const wait = codeWaitOf(err);
      if (wait) countdown.start(wait);
      if (err.fields.mobile) setErrors((x) => ({ ...x, mobile: errorText(err.fields.mobile) }));
      else toast(err.message, 'error');
    } finally {
      setSending(null);
    }
  }

  async function signIn(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {
      mobile: mobileError,
      code: code ? undefined : t('common:validation.codeRequired'),
      agree: agree ? undefined : t('common:validation.agreementRequired'),
    };
    setErrors(next);
    if (!m || next.code || next.agree) return;
    setBusy(true);
    try {
      const session = await call(endpoints.login, { mobile: m, code }).catch((err: unknown) => {
        // a number not registered yet registers with the same code, as on the login screen
        if (toApiError(err).code === ErrorCode.notRegistered) return call(endpoints.register, { mobile: m, code });
        throw err;
      });
      countdown.clear();
      await completeLogin(session.token, session.user, back);
    } catch (err) {
      const x = toApiError(err);
      if (CODE_ERRORS.includes(x.code)) setErrors((v) => ({ ...v, code: x.message }));
      else toast(x.message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('title')} back={false}>
      <form className="qa-sign-in" noValidate onSubmit={(e) => void signIn(e)} data-testid="qa-sign-in">
        <p>{t('intro')}</p>
        {signedInAs ? <p data-testid="qa-signed-in">{t('signedInAs', { mobile: signedInAs })}</p> : null}
        <MobileField
          label={t('mobile')}
          value={mobile}
          onChange={(e) => {
            setMobile(e.target.value);
            setErrors((x) => ({ ...x, mobile: undefined }));
          }}
          error={errors.mobile}
        />
        {checking ? <p role="status">{t('checking')}</p> : null}
        <OneTimeCodeField
          texts="common:verify"
          smsLeft={countdown.left}
          voiceLeft={countdown.left}
          sending={sending}
          onSend={(c) => void send(c)}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setErrors((x) => ({ ...x, code: undefined }));
          }}
          error={errors.code}
        />
        <Checkbox
          label={t('agree')}
          checked={agree}
          onChange={(e) => {
            setAgree(e.target.checked);
            setErrors((x) => ({ ...x, agree: undefined }));
          }}
          error={errors.agree}
        />
        <Button block type="submit" busy={busy}>
          {t('signIn')}
        </Button>
      </form>
      {QaFixtures ? (
        <Suspense fallback={null}>
          <QaFixtures home={back} />
        </Suspense>
      ) : null}
    </Page>
  );
}
