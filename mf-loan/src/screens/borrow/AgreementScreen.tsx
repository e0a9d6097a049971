/** borrow/agreement: the loan agreement text from the server, for an order or a previewed choice. */
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest, useSearchParams } from 'shared';
import { ErrorState, Page, Skeleton } from 'shared/ui';
import { Figures } from '../../features/Figures';
import '../../loan.css';

function num(v: string | null): number | undefined {
  return v && /^\d+$/.test(v) ? Number(v) : undefined;
}

export default function AgreementScreen() {
  const { t } = useTranslation('loan');
  const [q] = useSearchParams();
  const params = q.get('orderNo')
    ? { orderNo: q.get('orderNo')! }
    : { productId: q.get('productId') ?? undefined, amount: num(q.get('amount')), tenureDays: num(q.get('tenureDays')) };
  const { data, error, loading, reload } = useRequest(endpoints.loanAgreement, params);
  return (
    <Page title={t('agreement.title')}>
      {error && !data ? <ErrorState error={error} onRetry={reload} /> : null}
      {!data && loading ? <Skeleton lines={10} /> : null}
      {data ? (
        <article className="card loan-agreement" data-testid="agreement">
          <h2>{data.title}</h2>
          <p className="loan-muted">{t('agreement.version', { version: data.version })}</p>
          <p>{t('agreement.parties', { lender: data.lenderName, borrower: data.borrowerName ?? t('agreement.borrowerUnknown') })}</p>
          {data.sections.map((s, i) => (
            <section key={i}>
              <h3>{s.heading}</h3>
              <p>{s.body}</p>
            </section>
          ))}
          <Figures figures={data.figures} />
        </article>
      ) : null}
    </Page>
  );
}
