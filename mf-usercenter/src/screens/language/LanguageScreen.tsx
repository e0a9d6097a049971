/** user_center/language: English or Urdu; the whole app (every remote) follows at once, and it is stored. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage, toast, uiLanguage, useSession, type UiLanguage } from 'shared';
import { Page } from 'shared/ui';
import '../../usercenter.css';

/** Each language named in itself, so a reader of either can find theirs. */
const LANGUAGES: readonly { value: UiLanguage; name: string }[] = [
  { value: 'en', name: 'English' },
  { value: 'ur', name: 'اردو' },
];

export default function LanguageScreen() {
  const { t, i18n } = useTranslation('usercenter');
  const current = useSession((s) => uiLanguage(s.language));
  // the toast waits for the app to be in the new language: Urdu's strings may still be on their way when it is chosen
  const [announce, setAnnounce] = useState<UiLanguage | null>(null);
  useEffect(() => {
    if (!announce || i18n.language !== announce) return;
    setAnnounce(null);
    toast(t('language.changed'), 'success', { here: true });
  }, [announce, i18n.language, t]);

  const choose = (value: UiLanguage) => {
    if (value === current) return;
    setLanguage(value);
    setAnnounce(value);
  };

  return (
    <Page title={t('language.title')}>
      <fieldset className="uc-langs" data-testid="language-options">
        <legend className="uc-muted" style={{ marginBlockEnd: 8 }}>
          {t('language.choose')}
        </legend>
        {LANGUAGES.map((l) => (
          <label key={l.value} className="uc-lang">
            <input
              type="radio"
              name="language"
              value={l.value}
              checked={current === l.value}
              onChange={() => choose(l.value)}
              data-testid={`language-${l.value}`}
            />
            <span className="uc-lang__name" lang={l.value}>
              {l.name}
            </span>
          </label>
        ))}
      </fieldset>
    </Page>
  );
}
