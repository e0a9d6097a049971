/** A policy-style document from the server (privacy, terms, data, personal-data notice, about us, guide), as text. */
import { useTranslation } from 'react-i18next';
import { endpoints, ErrorCode, type POLICY_TYPES, uiLanguage, useRequest, useSession } from 'shared';
import { EmptyState, ErrorState, Ltr, Page, Skeleton } from 'shared/ui';
import '../../usercenter.css';

export type PolicyType = (typeof POLICY_TYPES)[number];

export function PolicyDocument({ type, fallbackTitle, children }: { type: PolicyType; fallbackTitle: string; children?: React.ReactNode }) {
  const { t } = useTranslation('usercenter');
  const lang = useSession((s) => uiLanguage(s.language));
  // lang in the params: switching language fetches the document again
  const { data, error, loading, reload } = useRequest(endpoints.policy, { type, lang });

  let body: React.ReactNode;
  if (error && error.code === ErrorCode.notFound) body = <EmptyState title={t('policy.notFound')} />;
  else if (error) body = <ErrorState error={error} onRetry={reload} />;
  else if (loading || !data) body = <Skeleton lines={8} />;
  else {
    body = (
      <article className="card uc-doc" data-testid={`policy-${type}`} lang={data.lang}>
        <p className="uc-doc__meta">
          <span>
            {t('policy.version')} <Ltr>{data.version}</Ltr>
          </span>
          <span>
            {t('policy.updatedOn')} <Ltr>{data.updatedAt}</Ltr>
          </span>
        </p>
        {data.sections.map((s, i) => (
          <section key={i}>
            <h2>{s.heading}</h2>
            <p>{s.body}</p>
          </section>
        ))}
      </article>
    );
  }
  return (
    <Page title={data?.title ?? fallbackTitle}>
      {children}
      {body}
    </Page>
  );
}
