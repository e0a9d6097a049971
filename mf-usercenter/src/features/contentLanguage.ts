import { uiLanguage } from 'shared';

/**
 * The language to ask the server for help content in: FAQ also exists in Spanish, shown
 * when the stored language is 'es' (spec section 1); otherwise the UI language.
 */
export function faqLanguage(stored: string | null | undefined): 'en' | 'es' | 'ur' {
  return stored === 'es' ? 'es' : uiLanguage(stored);
}
