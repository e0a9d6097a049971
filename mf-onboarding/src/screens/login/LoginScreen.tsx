/**
 * user/login and user/register: mobile number + one-time code (SMS or voice) with a resend
 * countdown that survives a reload. Asking for a code says nothing about the number (no
 * enumeration); the server says whether it is registered once the code is verified, and the code
 * stays good for the other call: on user/login a new number then registers with the same code
 * (the agreement accepted), on user/register a known number is told to login directly.
 * Logging in, like registering, needs the agreement and policies accepted (spec). A market profile's
 * risk warning comes first (RiskWarning.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ApiError,
  ErrorCode,
  MILESTONES,
  bridge,
  call,
  codeWaitOf,
  completeLogin,
  endpoints,
  go,
  logMilestone,
  onceOnline,
  solveChallenge,
  toApiError,
  toast,
  useHydrated,
  useSearchParams,
  type UserInfo,
} from 'shared';
import { Button, Checkbox, OneTimeCodeField, Page, useCountdown, useErrorText, type CodeChannel } from 'shared/ui';
import { LoginRequest, normalizeMobile } from 'shared/schemas';
import { FormMobileField } from 'shared/forms';
import { localKeyOf, readLocal, writeLocal } from '../../features/storage';
import { AgreementLinks } from './AgreementLinks';
import { CountryLine } from './CountryLine';
import { RiskWarningGate, sendRiskAcknowledgement } from './RiskWarning';
import '../../onboarding.css';

type Mode = 'login' | 'register';
const LoginForm = LoginRequest.extend({ agree: z.boolean().optional() });
type LoginForm = z.input<typeof LoginForm>;

/** what the last code request decided, kept with the countdown so a reload resumes it */
interface CodeState {
  mobile: string;
  mode: Mode;
}
const CODE_STATE_KEY = 'login:code';
const DRAFT_KEY = 'draft:login';
/** failures that belong to the code field */
const CODE_ERRORS: readonly number[] = [ErrorCode.otpInvalid, ErrorCode.otpExpired, ErrorCode.otpLocked];

export default function LoginScreen({ intent = 'login' }: { intent?: Mode }) {
  const { t, i18n } = useTranslation('onboarding');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const saved = readLocal<CodeState>(CODE_STATE_KEY);
  const [storedCodeState, setCodeState] = useState<CodeState | null>(saved);
  // a pre-rendered login page knew of no code sent: the stored one shows once it is hydrated
  const hydrated = useHydrated();
  const codeState = hydrated ? storedCodeState : null;
  const [registeredNotice, setRegisteredNotice] = useState(false);
  const [sending, setSending] = useState<CodeChannel | null>(null);
  // the proof of work the server asks after many code requests from this network: share done, or null
  const [checking, setChecking] = useState<number | null>(null);
  // offline: say so, and do what was asked again by itself when the network is back
  const [offline, setOffline] = useState(false);
  const cancelWait = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelWait.current?.(), []);
  const retryWhenOnline = (again: () => void) => {
    setOffline(true);
    cancelWait.current?.();
    cancelWait.current = onceOnline(() => {
      setOffline(false);
      again();
    });
  };
  const sms = useCountdown('onboarding:login:resendUntil');
  const voice = useCountdown('onboarding:login:voiceUntil');

  const form = useForm<LoginForm>({
    resolver: zodResolver(LoginForm),
    defaultValues: { mobile: params.get('mobile') ?? readLocal<string>(DRAFT_KEY) ?? saved?.mobile ?? '', code: '', agree: false },
  });
  const { register, handleSubmit, setError, clearErrors, watch, formState } = form;
  const mobile = watch('mobile');
  const normalized = normalizeMobile(mobile ?? '');
  // The decision (login or register) belongs to the number the code was sent to.
  const mode: Mode = codeState && codeState.mobile === normalized ? codeState.mode : intent;

  useEffect(() => {
    writeLocal(DRAFT_KEY, mobile || null);
    setRegisteredNotice(false);
  }, [mobile]);

  function remember(state: CodeState | null) {
    setCodeState(state);
    writeLocal(CODE_STATE_KEY, state);
  }

  async function requestCode(channel: CodeChannel, proof?: { challenge: string; solution: string }) {
    const ok = await form.trigger('mobile');
    if (!ok) return;
    setSending(channel);
    try {
      const res = await call(endpoints.getVerifyCode, { mobile: normalized, type: mode, channel, ...proof });
      remember({ mobile: normalized, mode });
      sms.start(res.resendAfterSeconds);
      voice.start(res.resendAfterSeconds);
      toast(channel === 'voice' ? t('login.voiceSent') : t('login.codeSent'), 'success');
    } catch (e) {
      const err = toApiError(e);
      if (err.network) return retryWhenOnline(() => void requestCode(channel));
      // asked to prove work: solve it here (once per tap) and ask again with the solution
      if (err.code === ErrorCode.challengeRequired && !proof) return void (await passChallenge(channel, err.data as { challenge: string; bits: number }));
      const wait = codeWaitOf(err);
      if (wait) (channel === 'voice' ? voice : sms).start(wait);
      if (err.fields.mobile) setError('mobile', { message: err.fields.mobile });
      else toast(err.message, 'error');
    } finally {
      setSending(null);
    }
  }

  async function passChallenge(channel: CodeChannel, { challenge, bits }: { challenge: string; bits: number }) {
    setChecking(0);
    let solution: string;
    try {
      solution = await solveChallenge(challenge, bits, (share) => setChecking(Math.min(0.95, share)));
    } finally {
      setChecking(null);
    }
    await requestCode(channel, { challenge, solution });
  }

  const onSubmit = handleSubmit(async (values) => {
    const params = { mobile: normalizeMobile(values.mobile), code: values.code };
    const first: Mode = codeState?.mobile === params.mobile ? codeState.mode : intent;
    const agreeFirst = () => {
      setError('agree', { message: t('login.agreeRequired') });
      toast(t('login.agreeRequired'), 'error');
    };
    if (!values.agree) return agreeFirst();
    const done = async (res: { token: string; user: UserInfo }) => {
      remember(null);
      sms.clear();
      voice.clear();
      writeLocal(DRAFT_KEY, null);
      toast(t('login.loginSuccess'), 'success');
      await completeLogin(res.token, res.user, redirect);
      // signed in: the risk warning acknowledged before (if the market asks one) reaches the server
      await sendRiskAcknowledgement(i18n.language === 'ur' ? 'ur' : 'en').catch(() => toast(t('riskWarning.notSent'), 'error'));
    };
    try {
      if (first === 'login') {
        try {
          return await done(await call(endpoints.login, params));
        } catch (e) {
          if (!(e instanceof ApiError && e.code === ErrorCode.notRegistered)) throw e;
          // a new number: the verified code registers it (the agreement is already accepted)
          remember({ mobile: params.mobile, mode: 'register' });
        }
      }
      const registered = await call(endpoints.register, params);
      logMilestone(MILESTONES.register);
      await done(registered);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.network) return retryWhenOnline(() => void onSubmit());
      if (e.code === ErrorCode.alreadyRegistered) {
        remember({ mobile: params.mobile, mode: 'login' });
        setRegisteredNotice(true);
      } else if (CODE_ERRORS.includes(e.code)) {
        setError('code', { message: e.message });
      } else if (Object.keys(e.fields).length) {
        for (const [f, key] of Object.entries(e.fields)) if (f === 'mobile' || f === 'code') setError(f, { message: key });
      } else {
        toast(e.message, 'error');
      }
    }
  });

  const title = intent === 'register' ? t('login.registerTitle') : t('login.title');
  const codeSentHere = codeState?.mobile === normalized;
  // a countdown belongs to the number the code went to; another number may ask at once
  const smsLeft = codeSentHere ? sms.left : 0;
  const voiceLeft = codeSentHere ? voice.left : 0;
  return (
    <RiskWarningGate>
      <Page
        title={title}
        footer={
          <Button block type="submit" form="login-form" busy={formState.isSubmitting}>
            {mode === 'register' ? t('login.register') : t('login.login')}
          </Button>
        }
      >
        <form id="login-form" className="ob-section" noValidate onSubmit={onSubmit}>
          <p className="ob-muted">{t('login.intro')}</p>
          <CountryLine />
          <FormMobileField
            form={form}
            name="mobile"
            label={t('login.mobile')}
            hint={t('login.mobileHint')}
            // typed on the pre-rendered page before this screen's code arrived: kept as the draft by the gate
            data-keep={localKeyOf(DRAFT_KEY)}
          />
          {checking !== null ? (
            <p className="ob-notice" role="status" data-testid="login-checking">
              {t('login.checking', { p: Math.round(checking * 100) })}
            </p>
          ) : null}
          {offline ? (
            <p className="ob-notice" role="alert" data-testid="login-offline">
              {t('login.offline')}
            </p>
          ) : null}
          {registeredNotice ? (
            <div className="ob-notice" role="alert">
              <p style={{ margin: 0 }}>{t('login.alreadyRegistered')}</p>
              {intent === 'register' ? (
                <Button variant="ghost" onClick={() => go('login', { mobile: normalized, redirect: redirect ?? undefined })}>
                  {t('login.goLogin')}
                </Button>
              ) : null}
            </div>
          ) : null}
          <OneTimeCodeField
            texts="onboarding:login"
            smsLeft={smsLeft}
            voiceLeft={voiceLeft}
            sending={sending}
            onSend={(channel) => void requestCode(channel)}
            enterKeyHint="go"
            error={errorText(formState.errors.code?.message)}
            {...register('code')}
          />
          {codeSentHere && mode === 'register' && intent === 'login' ? <p className="ob-muted">{t('login.newNumber')}</p> : null}
          <Checkbox label={<AgreementLinks />} error={formState.errors.agree?.message} {...register('agree', { onChange: () => clearErrors('agree') })} />
          {bridge.inApp ? (
            <Button variant="ghost" onClick={() => bridge.send('toLogin')}>
              {t('login.inApp')}
            </Button>
          ) : null}
        </form>
      </Page>
    </RiskWarningGate>
  );
}
