/**
 * i18next for every app: English and Urdu (right-to-left). Each remote adds its own
 * namespace with registerResources(); 'common' holds what the shared kit says.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { uiLanguage, type UiLanguage } from '../contract/limits';
import { useSession } from '../session/store';
import { common } from './common';
import { validation } from './validation';

export const i18n = i18next.createInstance();

export type Resources = Record<UiLanguage, Record<string, unknown>>;

export function direction(lang: UiLanguage): 'ltr' | 'rtl' {
  return lang === 'ur' ? 'rtl' : 'ltr';
}

function applyToDocument(lang: UiLanguage): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = direction(lang);
}

let started = false;

/** Starts i18n in the stored language and follows later language changes. Idempotent. */
export function startI18n(): void {
  if (started) return;
  started = true;
  const lang = uiLanguage(useSession.getState().language);
  void i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ur'],
    ns: ['common'],
    defaultNS: 'common',
    resources: {
      en: { common: { ...common.en, validation: validation.en } },
      ur: { common: { ...common.ur, validation: validation.ur } },
    },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  applyToDocument(lang);
  useSession.subscribe((s, prev) => {
    if (s.language === prev.language) return;
    const next = uiLanguage(s.language);
    void i18n.changeLanguage(next);
    applyToDocument(next);
  });
}

export function registerResources(ns: string, resources: Resources): void {
  for (const lang of Object.keys(resources) as UiLanguage[]) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, resources[lang], true, false);
  }
}
