/** user_center/language: English or Urdu; the whole app (every remote) follows at once, and it is stored. */
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
  const { t } = useTranslation('usercenter');
  const current = useSession((s) => uiLanguage(s.language));

  const choose = (value: UiLanguage) => {
    if (value === current) return;
    setLanguage(value);
    toast(t('language.changed', { lng: value }), 'success', { here: true });
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
