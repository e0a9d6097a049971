/** The console's one staff API client: the build's API origin, the member's token, the console's language. */
import { createStaffClient } from '../api/client';
import { sessionStore } from '../api/session';
import { currentLang, i18n } from './i18n';

export const api = createStaffClient({
  origin: process.env.STAFF_API_ORIGIN ?? '',
  lang: currentLang,
  token: sessionStore.token,
  onSessionEnd: (e) => sessionStore.end(e.message),
  messages: (lng) => ({ network: i18n.t('errors.network', { lng }), badAnswer: i18n.t('errors.badAnswer', { lng }) }),
});
