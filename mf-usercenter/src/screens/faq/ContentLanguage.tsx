/**
 * The language help content is read in: English, Urdu, or Spanish, which the FAQ has
 * beside the two languages of the app (decisions.md). Each name is written in its own
 * language, so a reader finds theirs whatever the app's language.
 */
import { useTranslation } from 'react-i18next';

export const CONTENT_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'ur', name: 'اردو' },
] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number]['code'];

export function ContentLanguageChoice({ value, onChange }: { value: ContentLanguage; onChange(lang: ContentLanguage): void }) {
  const { t } = useTranslation('usercenter');
  return (
    <div className="uc-read-in" role="group" aria-label={t('faq.readIn')}>
      <span>{t('faq.readIn')}</span>
      {CONTENT_LANGUAGES.map((l) => (
        <button key={l.code} type="button" lang={l.code} aria-pressed={value === l.code} className="uc-read-in__choice" onClick={() => onChange(l.code)}>
          {l.name}
        </button>
      ))}
    </div>
  );
}
