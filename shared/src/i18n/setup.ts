/**
 * i18next for every app: English and Urdu (right-to-left). Each remote adds its own
 * namespace with registerResources(); 'common' holds what the shared kit says.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { uiLanguage, type UiLanguage } from '../contract/limits';
import { useSession } from '../session/store';
import { common } from './common';

export const i18n = i18next.createInstance();

type Strings = Record<string, unknown>;
/**
 * A namespace's strings: English with the code, Urdu either too or, for a remote, fetched only
 * when Urdu is chosen (a function that imports the remote's Urdu file): a first visit in English
 * never downloads it.
 */
export interface Resources {
  en: Strings;
  ur: Strings | (() => Promise<Strings>);
}

/** Urdu bundles registered but not fetched yet, by namespace */
const urduLater = new Map<string, () => Promise<Strings>>();

async function fetchUrdu(ns: string, load: () => Promise<Strings>): Promise<void> {
  try {
    i18n.addResourceBundle('ur', ns, await load(), true, false);
    urduLater.delete(ns);
  } catch (e) {
    // offline: English (the fallback language) meanwhile; fetched again on the next change or screen
    console.error(`the Urdu strings of ${ns} could not load`, e);
  }
}

/** Resolves once every registered namespace has its strings in `lang`; at once when nothing is to be fetched. */
function languageReady(lang: UiLanguage): Promise<void> | null {
  if (lang !== 'ur' || !urduLater.size) return null;
  return Promise.all([...urduLater].map(([ns, load]) => fetchUrdu(ns, load))).then(() => undefined);
}

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
      // the schemas' messages (`validation.*`) join these as they load (later.ts)
      en: { common: common.en },
      ur: { common: common.ur },
    },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    // a schema's message asked for before the later strings are there (a hydrated page's form, submitted within its first
    // second): nothing rather than its key (the field shows it once they are added: shared/src/ui/errorText.ts)
    parseMissingKeyHandler: (key: string) => (/^(common:)?validation\./.test(key) ? '' : key),
  });
  applyToDocument(lang);
  useSession.subscribe((s, prev) => {
    if (s.language === prev.language) return;
    const next = uiLanguage(s.language);
    const switchTo = () => {
      // a later change won meanwhile: it applies itself
      if (uiLanguage(useSession.getState().language) !== next) return;
      void i18n.changeLanguage(next);
      applyToDocument(next);
    };
    const ready = languageReady(next);
    if (ready) void ready.then(switchTo);
    else switchTo();
  });
}

/** the strings each namespace was registered with: another object (another release of a remote) replaces them */
const registered = new Map<string, Resources>();

/**
 * Adds a namespace's strings; resolves once those of the language in use are there (a remote's Urdu may be fetched first).
 * Strings of another release of that remote (its last good one, run after the current one failed) replace the first's.
 */
export function registerResources(ns: string, resources: Resources): Promise<void> {
  if (registered.get(ns) !== resources) {
    registered.set(ns, resources);
    urduLater.delete(ns);
    for (const lang of ['en', 'ur']) if (i18n.hasResourceBundle(lang, ns)) i18n.removeResourceBundle(lang, ns);
    i18n.addResourceBundle('en', ns, resources.en, false, true);
    if (typeof resources.ur === 'function') urduLater.set(ns, resources.ur);
    else i18n.addResourceBundle('ur', ns, resources.ur, false, true);
  }
  return languageReady(uiLanguage(i18n.language)) ?? Promise.resolve();
}
