import { useTranslation } from 'react-i18next';
import { statusText } from 'shared';
import { StatusBadge as KitStatusBadge } from 'shared/ui';
import { orderTone, serverColour, type RepayColors } from '../../features/statusColors';

/** The order's status as a word, in the server's colour for it (colour is never the only signal). */
export function StatusBadge({ status, daysToDue, colors }: { status: number; daysToDue: number | null; colors?: RepayColors }) {
  const { t } = useTranslation('repay');
  const text = statusText(status);
  const tone = colors ? orderTone(status, daysToDue, colors) : null;
  return (
    <KitStatusBadge
      text={text}
      label={t(tone === 'dueSoon' ? 'status.dueSoon' : `status.${text}`)}
      server={tone && colors ? serverColour(tone, colors) : undefined}
      testId="repay-status"
    />
  );
}
