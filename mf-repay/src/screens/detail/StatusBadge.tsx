import { useTranslation } from 'react-i18next';
import { statusText } from 'shared';
import { orderTone, type RepayColors } from '../../features/statusColors';
import { ToneBadge } from '../../features/ToneBadge';

/** The order's status as a word, in the server's colour for it (colour is never the only signal). */
export function StatusBadge({ status, dueDate, colors, now = Date.now() }: { status: number; dueDate: string | null; colors?: RepayColors; now?: number }) {
  const { t } = useTranslation('repay');
  const text = statusText(status);
  const tone = colors ? orderTone(status, dueDate, now, colors) : null;
  const fallback = text === 'overdue' ? 'badge badge--danger' : text === 'finished' || text === 'repaying' ? 'badge' : 'badge badge--warn';
  return (
    <ToneBadge tone={tone} colors={colors} fallbackClass={fallback} testId="repay-status">
      {t(tone === 'dueSoon' ? 'status.dueSoon' : `status.${text}`)}
    </ToneBadge>
  );
}
