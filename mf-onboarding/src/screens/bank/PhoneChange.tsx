/** The account's mobile when it is not the login number: a one-time or voice code proves it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { OneTimeCodeField, call, codeWaitOf, endpoints, errorMessageOf, toast, useCountdown, useErrorText, type CodeChannel } from 'shared';
import { normalizeMobile } from 'shared/schemas';
import { FormMobileField } from 'shared/forms';
import type { BankValues } from './BankCardForm';

export function PhoneChange({ form }: { form: UseFormReturn<BankValues> }) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const { register, formState, trigger, getValues, setError } = form;
  const countdown = useCountdown('onboarding:bank:codeUntil');
  const [sending, setSending] = useState<CodeChannel | null>(null);

  const send = async (channel: CodeChannel) => {
    const mobile = getValues('mobile');
    if (!mobile || !(await trigger('mobile'))) {
      if (!mobile) setError('mobile', { message: 'validation.mobileRequired' });
      return;
    }
    setSending(channel);
    try {
      const res = await call(endpoints.getVerifyCode, { mobile: normalizeMobile(mobile), type: 'bindCard', channel });
      countdown.start(res.resendAfterSeconds);
      toast(channel === 'voice' ? t('login.voiceSent') : t('login.codeSent'), 'success');
    } catch (e) {
      const wait = codeWaitOf(e);
      if (wait) countdown.start(wait);
      toast(errorMessageOf(e), 'error');
    } finally {
      setSending(null);
    }
  };

  return (
    <>
      <FormMobileField form={form} name="mobile" label={t('bank.newMobile')} />
      <OneTimeCodeField
        texts="onboarding:login"
        smsLeft={countdown.left}
        voiceLeft={countdown.left}
        sending={sending}
        onSend={send}
        error={errorText(formState.errors.code?.message)}
        {...register('code', { setValueAs: (v) => v || undefined })}
      />
    </>
  );
}
