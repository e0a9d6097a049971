/**
 * The platform's strings no screen shows as it first renders: the schemas' messages (`validation.*` in 'common') and the
 * error catalogue's (`errorMessage`), both languages, 7-8 KB brotli. A chunk of their own, off a pre-rendered page's way
 * to interactive (issue 44): they load when the app boots itself, or once that page's screen has hydrated, and every other
 * screen waits for them with its code (shell/RemoteScreen.tsx).
 */
import { i18n } from './setup';

type Later = typeof import('./laterStrings');
let loaded: Later | undefined;
let loading: Promise<void> | undefined;

/** Resolves once the strings are there (a load that fails, offline, is tried again by the next call). */
export function loadLaterStrings(): Promise<void> {
  loading ??= import(/* webpackChunkName: "strings" */ './laterStrings').then(
    (later) => {
      const add = () => {
        for (const lang of ['en', 'ur'] as const) i18n.addResourceBundle(lang, 'common', { validation: later.validation[lang] }, true, true);
      };
      if (i18n.isInitialized) add();
      else i18n.on('initialized', add);
      Object.assign(ERROR_MESSAGES, later.ERROR_MESSAGES);
      loaded = later;
    },
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

export const laterStringsLoaded = (): boolean => loaded !== undefined;

let hydrating: string | undefined;
/** The boot hydrates the pre-rendered screen of this route: it renders without the strings, which load once it has. */
export function hydratingScreen(route: string | undefined): void {
  hydrating = route;
}
export const isHydratingScreen = (route: string): boolean => route === hydrating;

/** The catalogue's messages by code, filled as the strings load. */
export const ERROR_MESSAGES: Record<number, { en: string; ur: string }> = {};

/** The message for a code in en or ur (any other value means ur); `{name}` placeholders filled from vars. */
export function errorMessage(code: number, lang: string | null | undefined = 'en', vars?: Record<string, string | number>): string {
  // not loaded: only a screen that hydrates renders before they are, and none asks then; the generic failure meanwhile
  return loaded ? loaded.errorMessage(code, lang, vars) : i18n.t('common:error.requestFailed', { lng: !lang || lang === 'en' ? 'en' : 'ur' });
}
