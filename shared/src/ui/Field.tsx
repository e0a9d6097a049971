/**
 * Form fields on native controls (fast on low-end Android, the phone's own pickers).
 * Each has a label above, an error below that is announced, and works with
 * react-hook-form's register() through ref forwarding.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

/** A field's error, announced; `${id}-error` is what the control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: ReactNode }) {
  return error ? (
    <span className="field__error" id={`${id}-error`} role="alert">
      {error}
    </span>
  ) : null;
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** marked after the label by the style sheet (the control says aria-required) */
  required?: boolean;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, required, children }: FieldFrameProps) {
  return (
    <div className="field">
      <label className={required ? 'field__label field__label--req' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error ? (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** digits, phone numbers, IDs: kept left-to-right in Urdu */
  ltr?: boolean;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, ltr, id, className, required, ...rest }, ref) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldFrame id={fid} label={label} error={error} hint={hint} required={required}>
      <input
        ref={ref}
        id={fid}
        className={`field__control ${ltr ? 'ltr' : ''} ${className ?? ''}`.trim()}
        dir={ltr ? 'ltr' : undefined}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
      />
    </FieldFrame>
  );
});

export interface Option {
  value: string | number;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: readonly Option[];
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, placeholder, error, hint, id, required, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <FieldFrame id={fid} label={label} error={error} hint={hint} required={required}>
      <select
        ref={ref}
        id={fid}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});

export interface CheckboxProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, error, id, ...rest }, ref) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div>
      <label className="check" htmlFor={fid}>
        <input ref={ref} id={fid} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? `${fid}-error` : undefined} {...rest} />
        <span>{label}</span>
      </label>
      <FieldError id={fid} error={error} />
    </div>
  );
});

export interface RadioGroupProps {
  label: ReactNode;
  name: string;
  options: readonly Option[];
  value?: string | number | null;
  onChange(value: string): void;
  error?: string;
  /** one option per line (long labels) */
  vertical?: boolean;
}

export function RadioGroup({ label, name, options, value, onChange, error, vertical }: RadioGroupProps) {
  const id = useId();
  return (
    <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{label}</legend>
      <div className={vertical ? 'radio-row radio-row--vertical' : 'radio-row'}>
        {options.map((o) => (
          <label key={o.value}>
            <input type="radio" name={name} value={o.value} checked={String(value ?? '') === String(o.value)} onChange={() => onChange(String(o.value))} />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
