import { useTranslation } from 'react-i18next';
import { toast } from 'shared';
import { Button, Ltr } from 'shared/ui';
import { copyText } from '../../features/copy';

/**
 * One transfer detail with its copy button ('copied' / 'copy failed'). `long`: a code too long to sit beside the button at
 * 360 px (the IBAN) gets a line of its own under its label, whole, never broken in the middle.
 */
export function CopyRow({
  label,
  value,
  display,
  testId,
  long = false,
}: {
  label: string;
  value: string;
  display?: React.ReactNode;
  testId: string;
  long?: boolean;
}) {
  const { t } = useTranslation('repay');
  async function onCopy() {
    const ok = await copyText(value);
    toast(ok ? t('common:copied') : t('common:copyFailed'), ok ? 'success' : 'error');
  }
  return (
    <div className={long ? 'repay-copy repay-copy--long' : 'repay-copy'}>
      <div className="repay-row__main">
        <span className="repay-muted">{label}</span>
        <span className="repay-copy__value" data-testid={testId}>
          {display ?? <Ltr>{value}</Ltr>}
        </span>
      </div>
      <Button variant="secondary" className="repay-copy__btn" onClick={onCopy} aria-label={t('bank.copyLabel', { what: label })} data-testid={`${testId}-copy`}>
        {t('bank.copy')}
      </Button>
    </div>
  );
}
