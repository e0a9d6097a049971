/** user_center/faq: common problems by section, read in English, Urdu or Spanish (the app's language first). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest, useSession } from 'shared';
import { ContentLanguageChoice, contentDir, EmptyState, ErrorState, Page, Skeleton, type ContentLanguage } from 'shared/ui';
import { faqLanguage } from '../../features/contentLanguage';
import { FaqSection } from './FaqSection';
import '../../usercenter.css';

export default function FaqScreen() {
  const { t } = useTranslation('usercenter');
  const appLang = useSession((s) => faqLanguage(s.language));
  const [chosen, setChosen] = useState<ContentLanguage | null>(null);
  const lang = chosen ?? appLang;
  const { data, error, loading, reload } = useRequest(endpoints.faq, { lang });

  let body: React.ReactNode;
  if (error) body = <ErrorState error={error} onRetry={reload} />;
  else if (loading || !data) body = <Skeleton lines={6} height={28} />;
  else if (data.sections.length === 0) body = <EmptyState title={t('faq.empty')} />;
  else {
    // the content may be in another language than the app (Spanish inside the Urdu UI)
    body = (
      <div className="uc-faq" lang={data.lang} dir={contentDir(data.lang)} data-testid="faq">
        {data.sections.map((s, i) => (
          <FaqSection key={`${data.lang}-${i}`} section={s} />
        ))}
      </div>
    );
  }
  return (
    <Page title={t('faq.title')}>
      <ContentLanguageChoice value={lang} onChange={setChosen} />
      {body}
    </Page>
  );
}
