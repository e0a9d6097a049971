/**
 * The loan amount as a slider with a stepper on each side (one step per press), the chosen amount
 * large above it. Works with a thumb on a small screen, with the keyboard and a screen reader
 * (the value is read as money), and mirrors in Urdu.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, moneyInText } from 'shared/ui';

interface Props {
  /** the amounts the borrower may choose, ascending, evenly spaced */
  amounts: readonly number[];
  value: number;
  onChange(amount: number): void;
  hint: string;
}

/** A modest first choice: the middle of what may be borrowed, never the maximum by default. */
export const defaultAmount = (amounts: readonly number[]): number | undefined => amounts[Math.floor((amounts.length - 1) / 2)];

export function AmountPicker({ amounts, value, onChange, hint }: Props) {
  const { t } = useTranslation('loan');
  const id = useId();
  const i = Math.max(0, amounts.indexOf(value));
  const min = amounts[0];
  const max = amounts[amounts.length - 1];
  const step = amounts.length > 1 ? amounts[1] - amounts[0] : 1;
  const go = (to: number) => onChange(amounts[Math.min(amounts.length - 1, Math.max(0, to))]);
  return (
    <div className="field loan-amount">
      <label className="field__label" htmlFor={id}>
        {t('borrow.amount')}
      </label>
      <output className="loan-amount__value" htmlFor={id} aria-live="polite">
        {moneyInText(value)}
      </output>
      <div className="loan-amount__row">
        <button
          type="button"
          className="btn btn--secondary loan-amount__step"
          onClick={() => go(i - 1)}
          disabled={i === 0}
          aria-label={t('borrow.less', { step: formatMoney(step) })}
        >
          −
        </button>
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          aria-valuetext={formatMoney(value)}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(Number(e.target.value))}
        />
        <button
          type="button"
          className="btn btn--secondary loan-amount__step"
          onClick={() => go(i + 1)}
          disabled={i === amounts.length - 1}
          aria-label={t('borrow.more', { step: formatMoney(step) })}
        >
          +
        </button>
      </div>
      <div className="loan-amount__ends" aria-hidden="true">
        <span>{moneyInText(min)}</span>
        <span>{moneyInText(max)}</span>
      </div>
      <span className="field__hint" id={`${id}-hint`}>
        {hint}
      </span>
    </div>
  );
}
