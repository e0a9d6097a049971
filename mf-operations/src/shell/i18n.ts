/**
 * The console's strings: its own i18next instance (the borrower's language store is not the staff's), English with
 * the code and Urdu beside it (small: no reason to fetch it apart). The choice is kept on the device.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../api/client';
import { optionsEn, optionsUr } from 'shared/options';
import { en } from '../i18n/en';
import { ur } from '../i18n/ur';

const KEY = 'ops.language';
export const NS = 'operations';

export const storedLang = (): Lang => (localStorage.getItem(KEY) === 'ur' ? 'ur' : 'en');

export const i18n = i18next.createInstance();

function applyToDocument(lang: Lang) {
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ur' ? 'rtl' : 'ltr';
}

let started: Promise<unknown> | null = null;
export function startI18n(): Promise<unknown> {
  started ??= i18n
    .use(initReactI18next)
    .init({
      lng: storedLang(),
      fallbackLng: 'en',
      ns: [NS],
      defaultNS: NS,
      // the option lists' words under `options` (a borrower's declared facts), as the borrower's forms show them
      resources: { en: { [NS]: { ...en, options: optionsEn } }, ur: { [NS]: { ...ur, options: optionsUr } } },
      interpolation: { escapeValue: false },
    })
    .then(() => applyToDocument(storedLang()));
  return started;
}

export const currentLang = (): Lang => (i18n.language === 'ur' ? 'ur' : 'en');

export async function setLang(lang: Lang) {
  localStorage.setItem(KEY, lang);
  await i18n.changeLanguage(lang);
  applyToDocument(lang);
}
