/**
 * Money actions the server may answer verificationRequired (after the idle time, to an account no
 * code approved, switching to the backup): the code prompt, the code sent to the registered
 * number (type moneyAction), then the same call again with it as `verifyCode`. A wrong code keeps
 * the prompt open with what was typed.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, call, toApiError, endpoints, useSession } from 'shared';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { OneTimeCodeField, type CodeChannel } from './OneTimeCodeField';
import { useCodeSender } from './useCodeSender';

const CODE_ERRORS: readonly number[] = [ErrorCode.otpInvalid, ErrorCode.otpExpired, ErrorCode.otpLocked];

/** whether a failure asks for the money-action code */
export const needsVerification = (e: unknown): boolean => toApiError(e).code === ErrorCode.verificationRequired;

interface Pending {
  send(verifyCode?: string): Promise<unknown>;
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

export function useMoneyVerification(): {
  /** runs `send`; when the server asks for the code, prompts for it and runs `send(code)`; undefined when the borrower closes the prompt */
  run<T>(send: (verifyCode?: string) => Promise<T>): Promise<T | undefined>;
  prompt: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const ref = useRef<Pending | null>(null);
  const run = useCallback(async <T,>(send: (verifyCode?: string) => Promise<T>): Promise<T | undefined> => {
    try {
      return await send();
    } catch (e) {
      if (!needsVerification(e)) throw e;
      return new Promise<T | undefined>((resolve, reject) => {
        ref.current = { send, resolve: resolve as (v: unknown) => void, reject };
        setPending(ref.current);
      });
    }
  }, []);
  const close = useCallback((value?: unknown, error?: unknown) => {
    const p = ref.current;
    ref.current = null;
    setPending(null);
    if (error !== undefined) p?.reject(error);
    else p?.resolve(value);
  }, []);
  const prompt = pending ? <VerifyCodeDialog key="verify" send={pending.send} onDone={close} /> : null;
  return { run, prompt };
}

function VerifyCodeDialog({ send, onDone }: { send(code: string): Promise<unknown>; onDone(value?: unknown, error?: unknown): void }) {
  const { t } = useTranslation();
  const mobile = useSession((s) => s.userInfo?.mobile);
  const sender = useCodeSender('shared:verify:codeUntil', (c) => t(c === 'voice' ? 'verify.voiceSent' : 'verify.codeSent'));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const ask = (channel: CodeChannel) =>
    sender.send(channel, async () => {
      // the server sends it to the registered number; the mobile is only the call's required field
      const to = mobile ?? (await call(endpoints.getUserInfo, {})).mobile;
      return call(endpoints.getVerifyCode, { mobile: to, type: 'moneyAction', channel });
    });
  const submit = async () => {
    if (!code) return setError(t('validation.codeRequired'));
    setBusy(true);
    setError(undefined);
    try {
      onDone(await send(code));
    } catch (e) {
      const err = toApiError(e);
      if (CODE_ERRORS.includes(err.code)) setError(err.message);
      else onDone(undefined, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={t('verify.title')}
      onClose={() => onDone(undefined)}
      actions={
        <>
          <Button variant="secondary" onClick={() => onDone(undefined)}>
            {t('cancel')}
          </Button>
          <Button busy={busy} onClick={() => void submit()} data-testid="verify-submit">
            {t('verify.submit')}
          </Button>
        </>
      }
    >
      <p>{t('verify.intro')}</p>
      <OneTimeCodeField
        texts="common:verify"
        smsLeft={sender.left}
        voiceLeft={sender.left}
        sending={sender.sending}
        onSend={(c) => void ask(c)}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
    </Dialog>
  );
}
