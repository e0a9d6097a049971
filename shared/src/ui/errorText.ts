import { useTranslation } from 'react-i18next';

/**
 * Turns a schema message (an i18n key such as 'validation.nationalId13') into text in the
 * user's language; unknown keys fall back to the generic 'invalid' message.
 */
export function useErrorText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('common');
  return (message) => {
    if (!message) return undefined;
    return message.startsWith('validation.') ? t(message, { defaultValue: t('validation.invalid') }) : message;
  };
}
