/**
 * Error text for repay forms: contract messages are `validation.*` keys, translated in
 * 'common' when the onboarding squad has added them there, else from this remote's own
 * `validation` strings, else the generic message.
 */
import { useTranslation } from 'react-i18next';

export function useRepayErrorText(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation('repay');
  return (message) => {
    if (!message) return undefined;
    if (!message.startsWith('validation.')) return message;
    if (i18n.exists(`common:${message}`)) return t(`common:${message}`);
    if (i18n.exists(`repay:${message}`)) return t(`repay:${message}`);
    return t('common:validation.invalid');
  };
}
