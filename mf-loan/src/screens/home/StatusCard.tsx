/** The logged-in borrower's status card: one of the 8 home statuses with its button. */
import { useTranslation } from 'react-i18next';
import { go, type HomeStatus, type MarketConfig, type Order, type Product } from 'shared';
import { Button, Money, RejectionNotice, moneyInText, dateInText, formatRate } from 'shared/ui';
import { homeAction, isUnfinishedApplication } from '../../features/homeAction';
import { BackupPayoutOffer } from '../../features/BackupPayoutOffer';

interface Props {
  status: HomeStatus;
  order: Order | null;
  availableLimit: number;
  creditLimit: number;
  config: MarketConfig;
  /** the products the borrower may apply for now (after a rejection: other lenders') */
  openProducts: readonly Product[];
}

const TONE: Partial<Record<HomeStatus, string>> = {
  rejected: 'loan-status--danger',
  failed: 'loan-status--danger',
  overdue: 'loan-status--danger',
  assessing: 'loan-status--warn',
  lending: 'loan-status--warn',
};

export function StatusCard({ status, order, availableLimit, creditLimit, config, openProducts }: Props) {
  const { t } = useTranslation('loan');
  const target = homeAction(status, order);
  const open = () => go(target.route, target.query);
  const k = `home.card.${status}`;

  if (status === 'canLoan' && isUnfinishedApplication(order)) {
    return (
      <section className="card loan-status loan-status--warn" data-testid="home-status" data-status="incomplete">
        <h2>{t('home.continueTitle')}</h2>
        <p>{t('home.continueBody')}</p>
        <Button block onClick={open}>
          {t('home.continue')}
        </Button>
      </section>
    );
  }

  let body: React.ReactNode;
  let extra: string | null = null;
  switch (status) {
    case 'canLoan':
      body = t(`${k}.body`, { min: config.reviewCopyMinutes.min, max: config.reviewCopyMinutes.max });
      break;
    case 'assessing':
      body = t(`${k}.body`, { min: config.reviewCopyMinutes.min, max: config.reviewCopyMinutes.max, hours: config.reviewMaxHours });
      break;
    case 'rejected':
      body = <RejectionNotice lender={order?.lenderName ?? ''} reapplyAt={order?.reapplyAt ?? null} open={openProducts} />;
      break;
    case 'success':
      body = t(`${k}.body`, { amount: moneyInText(order?.figures.disbursalAmount ?? 0) });
      if (order?.confirmExpiresAt) extra = t(`${k}.expires`, { date: dateInText(order.confirmExpiresAt, true) });
      break;
    case 'repaying':
      body = t(`${k}.body`, { amount: moneyInText(order?.amountDue ?? 0) });
      break;
    case 'overdue':
      body = t(`${k}.body`, { amount: moneyInText(order?.amountDue ?? 0), rate: formatRate(order?.figures.penaltyRatePerDay ?? 0) });
      break;
    case 'lending':
      body = t(`${k}.body`, { min: config.disbursalCopyMinutes.min, max: config.disbursalCopyMinutes.max });
      break;
    default:
      body = t(`${k}.body`);
  }
  const title = status === 'repaying' ? t(`${k}.title`, { date: order?.dueDate ? dateInText(order.dueDate) : '' }) : t(`${k}.title`);

  return (
    <section className={`card loan-status ${TONE[status] ?? ''}`} data-testid="home-status" data-status={status}>
      <h2>{title}</h2>
      {status === 'canLoan' ? (
        <div>
          <p className="loan-muted">{t('home.limitTitle')}</p>
          <p className="loan-status__amount" data-testid="available-limit">
            <Money amount={availableLimit} />
          </p>
          <p className="loan-muted">{t('home.limitOf', { limit: moneyInText(creditLimit) })}</p>
        </div>
      ) : null}
      {status === 'rejected' ? body : <p>{body}</p>}
      {extra ? <p className="loan-muted">{extra}</p> : null}
      <Button block variant={status === 'rejected' ? 'secondary' : 'primary'} onClick={open}>
        {t(`${k}.action`)}
      </Button>
      {status === 'failed' && order ? <BackupPayoutOffer orderNo={order.orderNo} failedCard={order.bankCard} /> : null}
    </section>
  );
}
