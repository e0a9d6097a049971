import { useTranslation } from 'react-i18next';
import type { OrderStatusText } from 'shared';

const TONE: Partial<Record<OrderStatusText, string>> = {
  overdue: 'badge--danger', rejected: 'badge--danger', failed: 'badge--danger', cancelled: 'badge--warn', incomplete: 'badge--warn', addingCard: 'badge--warn', assessing: 'badge--warn',
};

/** An order's status as a word (colour is never the only signal). */
export function StatusBadge({ text }: { text: OrderStatusText }) {
  const { t } = useTranslation('loan');
  return <span className={`badge ${TONE[text] ?? ''}`} data-testid="status-badge">{t(`status.${text}`)}</span>;
}
