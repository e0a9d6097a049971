/**
 * The language content is read in (FAQ, questionnaire): English, Urdu, or Spanish, which that
 * content has beside the two languages of the app (decisions.md). Each name is written in its
 * own language, so a reader finds theirs whatever the app's language. The app's language and
 * the `lang` header do not change: the screen asks the server for the content in this one.
 */
import { useTranslation } from 'react-i18next';

export const CONTENT_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'ur', name: 'اردو' },
] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number]['code'];

/** Writing direction of content in the given language. */
export function contentDir(lang: string): 'ltr' | 'rtl' {
  return lang === 'ur' ? 'rtl' : 'ltr';
}

export function ContentLanguageChoice({ value, onChange }: { value: ContentLanguage; onChange(lang: ContentLanguage): void }) {
  const { t } = useTranslation('common');
  return (
    <div className="read-in" role="group" aria-label={t('readIn')}>
      <span>{t('readIn')}</span>
      {CONTENT_LANGUAGES.map((l) => (
        <button key={l.code} type="button" lang={l.code} aria-pressed={value === l.code} className="read-in__choice" onClick={() => onChange(l.code)}>
          {l.name}
        </button>
      ))}
    </div>
  );
}
