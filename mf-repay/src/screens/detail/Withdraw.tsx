import { useTranslation } from 'react-i18next';
import { go } from 'shared';
import { Button, dateInText, moneyInText } from 'shared/ui';
import type { RepaymentDetail as Detail } from '../../features/types';

/**
 * The cooling-off withdrawal (market profile, issue 29): while the server offers it (order.coolingOff),
 * the borrower may return the principal only, through the cashier, and the loan closes with no fee,
 * interest or tax. The wait before a new application that a withdrawal starts is said beforehand.
 */
export function Withdraw({ detail }: { detail: Detail }) {
  const { t } = useTranslation('repay');
  const w = detail.order.coolingOff;
  if (!w) return null;
  return (
    <section className="card" aria-labelledby="repay-withdraw" data-testid="repay-withdraw">
      <h2 id="repay-withdraw">{t('detail.withdrawTitle')}</h2>
      <p>{t('detail.withdrawBody', { amount: moneyInText(w.amount), until: dateInText(w.until, true) })}</p>
      {w.reapplyDays ? <p data-testid="repay-withdraw-wait">{t('detail.withdrawWait', { days: w.reapplyDays })}</p> : null}
      <Button
        variant="secondary"
        block
        onClick={() => go('cashier', { orderNo: detail.order.orderNo, purpose: 'withdraw' })}
        data-testid="repay-withdraw-start"
      >
        {t('detail.withdraw', { amount: moneyInText(w.amount) })}
      </Button>
    </section>
  );
}
