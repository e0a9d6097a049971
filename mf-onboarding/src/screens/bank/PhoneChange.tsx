/** The account's mobile when it is not the login number: a one-time or voice code proves it. */
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { call, endpoints } from 'shared';
import { OneTimeCodeField, useCodeSender, useErrorText, type CodeChannel } from 'shared/ui';
import { normalizeMobile } from 'shared/schemas';
import { FormMobileField } from 'shared/forms';
import type { BankValues } from './BankCardForm';

export function PhoneChange({ form }: { form: UseFormReturn<BankValues> }) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const { register, formState, trigger, getValues, setError } = form;
  const code = useCodeSender('onboarding:bank:codeUntil', (c) => (c === 'voice' ? t('login.voiceSent') : t('login.codeSent')));

  const send = async (channel: CodeChannel) => {
    const mobile = getValues('mobile');
    if (!mobile || !(await trigger('mobile'))) {
      if (!mobile) setError('mobile', { message: 'validation.mobileRequired' });
      return;
    }
    await code.send(channel, () => call(endpoints.getVerifyCode, { mobile: normalizeMobile(mobile), type: 'bindCard', channel }));
  };

  return (
    <>
      <FormMobileField form={form} name="mobile" label={t('bank.newMobile')} />
      <OneTimeCodeField
        texts="onboarding:login"
        smsLeft={code.left}
        voiceLeft={code.left}
        sending={code.sending}
        onSend={send}
        error={errorText(formState.errors.code?.message)}
        {...register('code', { setValueAs: (v) => v || undefined })}
      />
    </>
  );
}
