/** The code that approves an account change: sent to the registered number (type bankAccount), whatever mobile the account uses. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { Ltr, OneTimeCodeField, call, codeWaitOf, endpoints, errorMessageOf, toast, useCountdown, useErrorText, useSession, type CodeChannel } from 'shared';
import type { BankValues } from './BankCardForm';

export function AccountCode({ form }: { form: UseFormReturn<BankValues> }) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const user = useSession((s) => s.userInfo);
  const countdown = useCountdown('onboarding:bank:accountCodeUntil');
  const [sending, setSending] = useState<CodeChannel | null>(null);

  const send = async (channel: CodeChannel) => {
    setSending(channel);
    try {
      // the server sends it to the registered number; the mobile is only the call's required field
      const mobile = user?.mobile ?? (await call(endpoints.getUserInfo, {})).mobile;
      const res = await call(endpoints.getVerifyCode, { mobile, type: 'bankAccount', channel });
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
    <section className="card ob-section" data-testid="account-code">
      <h2>{t('bank.accountCode.title')}</h2>
      <p className="ob-muted">{t('bank.accountCode.intro')}</p>
      <p>
        {t('bank.accountCode.sentTo')}: <Ltr>{user?.maskedMobile ?? ''}</Ltr>
      </p>
      <OneTimeCodeField
        texts="onboarding:bank.accountCode"
        smsLeft={countdown.left}
        voiceLeft={countdown.left}
        sending={sending}
        onSend={(c) => void send(c)}
        error={errorText(form.formState.errors.accountCode?.message)}
        {...form.register('accountCode', { setValueAs: (v) => v || undefined })}
      />
    </section>
  );
}
