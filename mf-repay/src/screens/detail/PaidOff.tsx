import { useTranslation } from 'react-i18next';
import { endpoints, go, useRequest } from 'shared';
import { Button, DateText, Money } from 'shared/ui';
import type { RepaymentDetail } from '../../features/types';
import { NextLoans } from './NextLoans';
import { Statement } from './Statement';

/** The finished state: paid in full, the credit limit raise this repayment earned, if any, the statement, and the offers to borrow again. */
export function PaidOff({ detail }: { detail: RepaymentDetail }) {
  const { t } = useTranslation('repay');
  const { order } = detail;
  const credit = useRequest(endpoints.creditInfo, {});
  const paidOffAt = order.paidOffAt ? Date.parse(order.paidOffAt) : NaN;
  // the raise recorded when this order was paid off (same server instant)
  const raise = credit.data?.raises.find((r) => Math.abs(Date.parse(r.at) - paidOffAt) < 1000);
  return (
    <>
      <section className="card repay-result" data-testid="repay-paid-off">
        <div className="repay-result__icon repay-result__icon--ok" aria-hidden>
          ✓
        </div>
        <h2 className="repay-result__title">{t('paidOff.title')}</h2>
        <p className="repay-muted">{t('paidOff.body')}</p>
        <dl className="kv repay-kv" style={{ inlineSize: '100%' }}>
          {order.paidOffAt ? (
            <>
              <dt>{t('paidOff.paidOn')}</dt>
              <dd>
                <DateText value={order.paidOffAt} />
              </dd>
            </>
          ) : null}
          <dt>{t('paidOff.totalPaid')}</dt>
          <dd data-testid="repay-total-paid">
            <Money amount={detail.amountPaid} />
          </dd>
        </dl>
      </section>
      {raise ? (
        <section className="card repay-note" data-testid="repay-limit-raised">
          <strong>{t('paidOff.limitRaised')}</strong>
          <dl className="kv repay-kv">
            <dt>{t('paidOff.oldLimit')}</dt>
            <dd>
              <Money amount={raise.from} />
            </dd>
            <dt className="kv__total">{t('paidOff.newLimit')}</dt>
            <dd className="kv__total">
              <Money amount={raise.to} />
            </dd>
          </dl>
        </section>
      ) : null}
      <Statement orderNo={order.orderNo} />
      <NextLoans />
      <Button variant="secondary" block onClick={() => go('home')}>
        {t('paidOff.borrowAgain')}
      </Button>
    </>
  );
}
