import { useTranslation } from 'react-i18next';
import { Button, Money, TextField, moneyInText } from 'shared/ui';

import { allowsPartial, type AmountLimits } from '../../features/amount';

interface Props {
  value: string;
  onChange(v: string): void;
  limits: AmountLimits;
  error?: string;
}

/** The amount to pay: whole rupees between the minimum and the amount due, or the fixed whole amount. */
export function AmountField({ value, onChange, limits, error }: Props) {
  const { t } = useTranslation('repay');
  if (!allowsPartial(limits)) {
    return (
      <div className="card repay-hero">
        <p className="repay-hero__label">{t('cashier.amountDue')}</p>
        <p className="repay-hero__amount" data-testid="repay-amount-fixed">
          <Money amount={limits.due} />
        </p>
      </div>
    );
  }
  return (
    <div className="card">
      <TextField
        label={t('amount.label')}
        name="amount"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        enterKeyHint="done"
        ltr
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={t('amount.hint', { min: moneyInText(limits.min), max: moneyInText(limits.due) })}
        data-testid="repay-amount-input"
      />
      {value.replace(/[,\s]/g, '') !== String(limits.due) ? (
        <Button variant="ghost" onClick={() => onChange(String(limits.due))}>
          {t('amount.payFull')}
        </Button>
      ) : null}
    </div>
  );
}
