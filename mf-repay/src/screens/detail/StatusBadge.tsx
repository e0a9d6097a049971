import { useTranslation } from 'react-i18next';
import { statusText } from 'shared';

/** The order's status as a word (colour is never the only signal). */
export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('repay');
  const text = statusText(status);
  const cls = text === 'overdue' ? 'badge badge--danger' : text === 'finished' || text === 'repaying' ? 'badge' : 'badge badge--warn';
  return <span className={cls} data-testid="repay-status">{t(`status.${text}`)}</span>;
}
