/** Birthday by year, month and day on native selects (the phone's own pickers). */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from 'shared/ui';
import { birthdayYears, composeBirthday, daysInMonth, splitBirthday } from '../../features/birthday';

interface Props {
  value: string | undefined;
  onChange(value: string): void;
  error?: string;
}

export function BirthdayPicker({ value, onChange, error }: Props) {
  const { t } = useTranslation('onboarding');
  const id = useId();
  const [parts, setParts] = useState(() => splitBirthday(value));
  useEffect(() => {
    const next = splitBirthday(value);
    if (value) setParts(next);
  }, [value]);

  const update = (key: 'year' | 'month' | 'day', v: string) => {
    const next = { ...parts, [key]: v };
    // a day that the new month does not have is dropped rather than silently moved
    if (next.day && next.year && next.month && Number(next.day) > daysInMonth(Number(next.year), Number(next.month))) next.day = '';
    setParts(next);
    onChange(composeBirthday(next.year, next.month, next.day));
  };
  const days = daysInMonth(Number(parts.year) || 2000, Number(parts.month) || 1);
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={describedBy}>
      <legend className="field__label">{t('personal.birthday')}</legend>
      <div className="field-row" dir="ltr">
        <select
          className="field__control"
          aria-label={t('personal.year')}
          value={parts.year}
          onChange={(e) => update('year', e.target.value)}
          aria-invalid={error ? true : undefined}
        >
          <option value="">{t('personal.year')}</option>
          {birthdayYears().map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <select
          className="field__control"
          aria-label={t('personal.month')}
          value={parts.month}
          onChange={(e) => update('month', e.target.value)}
          aria-invalid={error ? true : undefined}
        >
          <option value="">{t('personal.month')}</option>
          {Array.from({ length: 12 }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {String(i + 1).padStart(2, '0')}
            </option>
          ))}
        </select>
        <select
          className="field__control"
          aria-label={t('personal.day')}
          value={parts.day}
          onChange={(e) => update('day', e.target.value)}
          aria-invalid={error ? true : undefined}
        >
          <option value="">{t('personal.day')}</option>
          {Array.from({ length: days }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {String(i + 1).padStart(2, '0')}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
