import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Turns a schema message (an i18n key such as 'validation.nationalId13') into text in the
 * user's language; unknown keys fall back to the generic 'invalid' message.
 */
export function useErrorText(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation('common');
  // a schema's message shown before the platform's later strings have loaded (shared/src/i18n/later.ts) is empty until
  // they are added: rendered again then (react-i18next's `t` changes with the language only, so effects keyed to it
  // elsewhere do not run again)
  const [, added] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    i18n.store.on('added', added);
    return () => i18n.store.off('added', added);
  }, [i18n]);
  return (message) => {
    if (!message) return undefined;
    return message.startsWith('validation.') ? t(message, { defaultValue: t('validation.invalid') }) : message;
  };
}
