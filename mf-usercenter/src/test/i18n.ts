/** Starts i18n with this remote's strings, as the shell does, for component tests. */
import { registerResources, startI18n } from 'shared';
import { en } from '../i18n/en';
import { ur } from '../i18n/ur';

export function setupI18n(): void {
  startI18n();
  registerResources('usercenter', { en, ur });
}
