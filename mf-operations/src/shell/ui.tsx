/** The console's small kit: labelled fields, the API's refusal, states, clocks, money. */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from 'shared/format';
import type { StaffApiError } from '../api/client';

/** the API's refusal, announced; with the field complaints it named that no field of the form shows (`shown`) */
export function ApiError({ error, shown = [] }: { error: StaffApiError | null | undefined; shown?: readonly string[] }) {
  const { t } = useTranslation();
  if (!error) return null;
  const fields = Object.entries((error.data.fields as Record<string, string> | undefined) ?? {}).filter(([name]) => !shown.includes(name));
  return (
    <div role="alert" className="ops-error">
      <p>{error.message}</p>
      {error.error === 'accountLocked' && typeof error.data.lockedUntil === 'string' && (
        <p>{t('signIn.lockedUntil', { time: formatDate(error.data.lockedUntil, true) })}</p>
      )}
      {error.error === 'rateLimited' && typeof error.data.retryAfterSeconds === 'number' && (
        <p>{t('errors.retryAfter', { seconds: error.data.retryAfterSeconds })}</p>
      )}
      {fields.length > 0 && (
        <ul>
          {fields.map(([name, what]) => (
            <li key={name}>
              <bdi>{name}</bdi>: <bdi>{what}</bdi>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** a label above its control, a hint or the API's complaint about it below (announced with the control) */
export function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: (a11y: FieldA11y) => ReactNode }) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ops-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <small id={`${id}-hint`} className="ops-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="ops-field-error">
          {error}
        </small>
      )}
    </div>
  );
}
export interface FieldA11y {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="ops-muted" role="status">
      {t('states.loading')}
    </p>
  );
}

/** a failed load: the API's words and a retry */
export function LoadFailed({ error, retry }: { error: StaffApiError; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <ApiError error={error} />
      <button type="button" onClick={retry}>
        {t('states.retry')}
      </button>
    </div>
  );
}

export const Money = ({ amount }: { amount: number }) => (
  <bdi dir="ltr" className="ops-money">
    {formatMoney(amount)}
  </bdi>
);
/** a date and time, wrapping only between the two, never inside the date (non-breaking hyphens) */
export const When = ({ at }: { at: string | null | undefined }) =>
  at ? <bdi dir="ltr">{formatDate(at, true).replaceAll('-', '\u2011')}</bdi> : <span>-</span>;

/** a service clock: hours left against the deadline, or how late; a word with the colour */
export function Clock({ due, late, now = Date.now() }: { due: string; late: boolean; now?: number }) {
  const { t } = useTranslation();
  const hours = (Date.parse(due) - now) / 3_600_000;
  const text = late || hours < 0 ? t('clock.late', { hours: Math.abs(hours).toFixed(1) }) : t('clock.left', { hours: hours.toFixed(1) });
  return <span className={late || hours < 0 ? 'ops-badge ops-badge-late' : hours < 6 ? 'ops-badge ops-badge-soon' : 'ops-badge'}>{text}</span>;
}

/** the status filter above a queue */
export function StatusTabs<S extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: S;
  options: readonly S[];
  onChange: (s: S) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={label} className="ops-tabs">
      {options.map((o) => (
        <button key={o} type="button" aria-pressed={o === value} onClick={() => onChange(o)}>
          {t(`status.${o as string}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * A decision's reason: one of the usual ones or free text (ui-guidelines: a list plus free text). The text is what
 * the API records; picking a usual one fills it in, to be edited.
 */
export function ReasonField({
  label,
  value,
  onChange,
  usual,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  usual: readonly string[];
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('reason.usual')}>
        {(a) => (
          <select {...a} value="" onChange={(e) => e.target.value && onChange(e.target.value)}>
            <option value="">{t('reason.pick')}</option>
            {usual.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={label} error={error} hint={required ? t('reason.hint') : undefined}>
        {(a) => <textarea {...a} dir="auto" rows={3} value={value} maxLength={500} onChange={(e) => onChange(e.target.value)} />}
      </Field>
    </>
  );
}
