/**
 * The kit's fields bound to a react-hook-form form by name: registered, and showing the field's
 * error in the borrower's language (schema messages are i18n keys). `form` is passed in rather
 * than read from a context, so a remote's own copy of react-hook-form works with these.
 */
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { DigitsField, MobileField, SelectField, TextField, useErrorText, type DigitsFieldProps, type SelectFieldProps, type TextFieldProps } from 'shared/ui';

interface Bound<V extends FieldValues> {
  form: UseFormReturn<V>;
  name: Path<V>;
  /** register()'s options (setValueAs, onChange, ...) */
  rules?: RegisterOptions<V, Path<V>>;
}

/** the error message (an i18n key or a server text) at a dotted path of the errors tree */
export function errorAt(errors: unknown, name: string): string | undefined {
  const node = name.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), errors);
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

function useBound<V extends FieldValues>({ form, name, rules }: Bound<V>) {
  const errorText = useErrorText();
  return { error: errorText(errorAt(form.formState.errors, name)), ...form.register(name, rules) };
}

type Unbound<P> = Omit<P, 'name' | 'error' | 'onChange' | 'onBlur' | 'ref' | 'form'>;

export function FormTextField<V extends FieldValues>({ form, name, rules, ...props }: Bound<V> & Unbound<TextFieldProps>) {
  return <TextField {...useBound({ form, name, rules })} {...props} />;
}

export function FormSelectField<V extends FieldValues>({ form, name, rules, ...props }: Bound<V> & Unbound<SelectFieldProps>) {
  return <SelectField {...useBound({ form, name, rules })} {...props} />;
}

/** a mobile number: digits and + only */
export function FormMobileField<V extends FieldValues>({ form, name, rules, ...props }: Bound<V> & Unbound<TextFieldProps>) {
  return <MobileField {...useBound({ form, name, rules })} {...props} />;
}

/** digits only: national ID, postal codes (typed or pasted with dashes and spaces, the digits are kept) */
export function FormDigitsField<V extends FieldValues>({ form, name, rules, ...props }: Bound<V> & Unbound<DigitsFieldProps>) {
  return <DigitsField {...useBound({ form, name, rules })} {...props} />;
}
