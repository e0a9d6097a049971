/** The account's mobile when it is not the login number: a one-time or voice code proves it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { Button, ErrorCode, toApiError, TextField, call, endpoints, toast, useErrorText } from 'shared';
import { normalizeMobile } from 'shared/schemas';
import { useCountdown } from '../../features/useCountdown';
import type { BankValues } from './BankCardForm';

export function PhoneChange({ form }: { form: UseFormReturn<BankValues> }) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const { register, setValue, formState, trigger, getValues, setError } = form;
  const countdown = useCountdown('bank:codeUntil');
  const [sending, setSending] = useState(false);

  const send = async (channel: 'sms' | 'voice') => {
    const mobile = getValues('mobile');
    if (!mobile || !(await trigger('mobile'))) {
      if (!mobile) setError('mobile', { message: 'validation.mobileRequired' });
      return;
    }
    setSending(true);
    try {
      const res = await call(endpoints.getVerifyCode, { mobile: normalizeMobile(mobile), type: 'bindCard', channel });
      countdown.start(res.resendAfterSeconds);
      toast(channel === 'voice' ? t('login.voiceSent') : t('login.codeSent'), 'success');
    } catch (e) {
      const err = toApiError(e);
      const wait = (err.data as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
      if (err.code === ErrorCode.otpThrottled && wait) countdown.start(wait);
      toast(err.message, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <TextField
        label={t('bank.newMobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        ltr
        maxLength={13}
        placeholder="03XX XXXXXXX"
        error={errorText(formState.errors.mobile?.message)}
        {...register('mobile', { onChange: (e) => setValue('mobile', e.target.value.replace(/[^\d+]/g, '').slice(0, 13)) })}
      />
      <div className="ob-row">
        <TextField
          label={t('login.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          ltr
          maxLength={6}
          error={errorText(formState.errors.code?.message)}
          {...register('code', { setValueAs: (v) => (v ? String(v).replace(/\D/g, '') : undefined) })}
        />
        <Button variant="secondary" onClick={() => send('sms')} disabled={countdown.left > 0} busy={sending}>
          {countdown.left > 0 ? t('login.resendIn', { s: countdown.left }) : t('login.getCode')}
        </Button>
      </div>
      <button type="button" className="ob-link" onClick={() => send('voice')} disabled={countdown.left > 0 || sending}>
        {countdown.left > 0 ? t('login.voiceIn', { s: countdown.left }) : t('login.voice')}
      </button>
    </>
  );
}
