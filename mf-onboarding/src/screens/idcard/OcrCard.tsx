/** What was read from the CNIC front, for the borrower to confirm (or retake). */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Ltr, Skeleton } from 'shared';
import type { CurpOcrResponse } from 'shared';
import type { z } from 'zod';

type Ocr = z.infer<typeof CurpOcrResponse>;

interface Props {
  ocr: Ocr | null;
  reading: boolean;
  error: string | null;
  confirmed: boolean;
  onConfirm(v: boolean): void;
  onRetry(): void;
}

/** the spec's message for a reading, or null when it can be confirmed */
export function ocrProblem(ocr: Ocr): 'incomplete' | 'mismatch' | null {
  if (!ocr.complete) return 'incomplete';
  if (ocr.matchesProfile === false) return 'mismatch';
  return null;
}

export function OcrCard({ ocr, reading, error, confirmed, onConfirm, onRetry }: Props) {
  const { t } = useTranslation('onboarding');
  if (reading) {
    return (
      <section className="card ob-section" aria-busy="true">
        <h2>{t('idcard.ocrTitle')}</h2>
        <p className="ob-muted">{t('idcard.reading')}</p>
        <Skeleton lines={4} />
      </section>
    );
  }
  if (error) {
    return (
      <section className="card ob-section">
        <h2>{t('idcard.ocrTitle')}</h2>
        <p className="field__error" role="alert">{error}</p>
        <Button variant="secondary" onClick={onRetry}>{t('idcard.readAgain')}</Button>
      </section>
    );
  }
  if (!ocr) return null;
  const problem = ocrProblem(ocr);
  // card number, name and birthday are needed; father name and address are shown when read
  const row = (label: string, value: string | null, ltr = false, missingKey?: string) => (
    <Fragment key={label}>
      <dt>{label}</dt>
      <dd>
        {value ? (ltr ? <Ltr>{value}</Ltr> : value) : missingKey ? <span className="field__error">{t(missingKey)}</span> : <span className="ob-muted">{t('idcard.notRead')}</span>}
      </dd>
    </Fragment>
  );
  return (
    <section className="card ob-section" data-testid="ocr">
      <h2>{t('idcard.ocrTitle')}</h2>
      <dl className="kv">
        {row(t('idcard.cardNumber'), ocr.cardNumber, true, 'idcard.cardNumberNull')}
        {row(t('idcard.name'), ocr.name, false, 'idcard.nameNull')}
        {row(t('idcard.fatherName'), ocr.fatherName)}
        {row(t('idcard.birthday'), ocr.birthday, true, 'idcard.birthdayNull')}
        {row(t('idcard.address'), ocr.address)}
      </dl>
      {problem ? (
        <>
          <p className="ob-notice" role="alert">{problem === 'incomplete' ? t('idcard.verifyFailed') : t('idcard.identityError')}</p>
          <Button variant="secondary" onClick={onRetry}>{t('idcard.readAgain')}</Button>
        </>
      ) : (
        <Checkbox label={t('idcard.confirmOcr')} checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} />
      )}
    </section>
  );
}
