/** A short list of recent disbursals (masked numbers) from the server; hidden when empty or failing. */
import { useTranslation } from 'react-i18next';
import { endpoints, formatMoney, useRequest } from 'shared';
import { ltr } from '../../features/rates';

export function RecentLoans() {
  const { t } = useTranslation('loan');
  const { data } = useRequest(endpoints.lendingRecord, {});
  const items = data?.items.slice(0, 5) ?? [];
  if (items.length === 0) return null;
  return (
    <section className="card">
      <h2>{t('home.recentLoans')}</h2>
      <ul className="loan-ticker">
        {items.map((r, i) => (
          <li key={i}>{t('home.recentItem', { mobile: ltr(r.maskedMobile), amount: ltr(formatMoney(r.amount)) })} · {r.productName}</li>
        ))}
      </ul>
    </section>
  );
}
