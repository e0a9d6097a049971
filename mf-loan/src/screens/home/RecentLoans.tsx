/** What the marketplace lent lately, in aggregate (never another borrower's number or loan); hidden when nothing or failing. */
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest } from 'shared';
import { isolate, moneyInText } from 'shared/ui';

export function RecentLoans() {
  const { t } = useTranslation('loan');
  const { data } = useRequest(endpoints.lendingRecord, {});
  if (!data || data.loans === 0) return null;
  return (
    <section className="card">
      <h2>{t('home.recentLoans')}</h2>
      <p className="loan-muted" data-testid="lent-lately">
        {t('home.recentSummary', { count: data.loans, loans: isolate(String(data.loans)), amount: moneyInText(data.amount), days: isolate(String(data.days)) })}
      </p>
    </section>
  );
}
