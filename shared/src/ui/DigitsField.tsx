/** A digits-only text field (national ID, postal codes, one-time codes): the numeric keypad, left-to-right, at most `max` digits. */
import { forwardRef, type ChangeEvent } from 'react';
import { TextField, type TextFieldProps } from './Field';

/** what a digits-only field keeps: the digits of what was typed or pasted (dashes, spaces dropped), at most `max` (more typing does nothing) */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

export interface DigitsFieldProps extends Omit<TextFieldProps, 'maxLength' | 'ltr'> {
  /** the most digits kept (no maxLength attribute: a pasted '35202-1234567-1' keeps all 13 digits) */
  max: number;
}

export const DigitsField = forwardRef<HTMLInputElement, DigitsFieldProps>(function DigitsField({ max, onChange, ...rest }, ref) {
  const keepDigits = (e: ChangeEvent<HTMLInputElement>) => {
    const kept = digitsOnly(e.target.value, max);
    if (kept !== e.target.value) e.target.value = kept;
    onChange?.(e);
  };
  return <TextField ref={ref} inputMode="numeric" pattern="[0-9]*" ltr onChange={keepDigits} {...rest} />;
});
