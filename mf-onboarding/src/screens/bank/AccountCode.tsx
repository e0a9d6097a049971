/** The code that approves an account change: sent to the registered number (type bankAccount), whatever mobile the account uses. */
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { call, endpoints, useSession } from 'shared';
import { Ltr, OneTimeCodeField, useCodeSender, useErrorText, type CodeChannel } from 'shared/ui';
import type { BankValues } from './BankCardForm';

export function AccountCode({ form }: { form: UseFormReturn<BankValues> }) {
  const { t } = useTranslation('onboarding');
  const errorText = useErrorText();
  const user = useSession((s) => s.userInfo);
  const code = useCodeSender('onboarding:bank:accountCodeUntil', (c) => (c === 'voice' ? t('login.voiceSent') : t('login.codeSent')));

  const send = (channel: CodeChannel) =>
    code.send(channel, async () => {
      // the server sends it to the registered number; the mobile is only the call's required field
      const mobile = user?.mobile ?? (await call(endpoints.getUserInfo, {})).mobile;
      return call(endpoints.getVerifyCode, { mobile, type: 'bankAccount', channel });
    });

  return (
    <section className="card ob-section" data-testid="account-code">
      <h2>{t('bank.accountCode.title')}</h2>
      <p className="ob-muted">{t('bank.accountCode.intro')}</p>
      <p>
        {t('bank.accountCode.sentTo')}: <Ltr>{user?.maskedMobile ?? ''}</Ltr>
      </p>
      <OneTimeCodeField
        texts="onboarding:bank.accountCode"
        smsLeft={code.left}
        voiceLeft={code.left}
        sending={code.sending}
        onSend={(c) => void send(c)}
        error={errorText(form.formState.errors.accountCode?.message)}
        {...form.register('accountCode', { setValueAs: (v) => v || undefined })}
      />
    </section>
  );
}
