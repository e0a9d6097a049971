import { useTranslation } from 'react-i18next';
import { toast } from 'shared';
import { Button, Ltr } from 'shared/ui';
import { copyText } from '../../features/copy';

/** One transfer detail with its copy button ('copied' / 'copy failed'). */
export function CopyRow({ label, value, display, testId }: { label: string; value: string; display?: React.ReactNode; testId: string }) {
  const { t } = useTranslation('repay');
  async function onCopy() {
    const ok = await copyText(value);
    toast(ok ? t('common:copied') : t('common:copyFailed'), ok ? 'success' : 'error');
  }
  return (
    <div className="repay-copy">
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
