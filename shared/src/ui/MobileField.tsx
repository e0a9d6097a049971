/** A Pakistani mobile number field (login, an account's own mobile): the phone keypad, left-to-right, digits and + only. */
import { forwardRef, type ChangeEvent } from 'react';
import { TextField, type TextFieldProps } from './Field';

/** what a mobile field keeps while typing: digits and +, 13 characters at most */
export function sanitizeMobileInput(value: string): string {
  return value.replace(/[^\d+]/g, '').slice(0, 13);
}

export const MobileField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'ltr'>>(function MobileField({ onChange, ...rest }, ref) {
  const keep = (e: ChangeEvent<HTMLInputElement>) => {
    const kept = sanitizeMobileInput(e.target.value);
    if (kept !== e.target.value) e.target.value = kept;
    onChange?.(e);
  };
  return <TextField ref={ref} type="tel" inputMode="tel" autoComplete="tel" ltr maxLength={13} placeholder="03XX XXXXXXX" onChange={keep} {...rest} />;
});
