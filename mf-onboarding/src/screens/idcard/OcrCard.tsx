/** What was read from both sides of the CNIC, for the borrower to confirm (or retake a side). */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from 'shared';
import { Button, Checkbox, Ltr, Skeleton } from 'shared/ui';
import type { CurpOcrResponse } from 'shared';
import type { z } from 'zod';

type Ocr = z.infer<typeof CurpOcrResponse>;
type Field = 'cardNumber' | 'name' | 'fatherName' | 'motherName' | 'birthday' | 'address';

interface Props {
  ocr: Ocr | null;
  reading: boolean;
  error: string | null;
  confirmed: boolean;
  onConfirm(v: boolean): void;
  onRetry(): void;
}

/** the spec's message for a reading, or null when it can be confirmed ('back': the back is not read yet) */
export function ocrProblem(ocr: Ocr): 'incomplete' | 'mismatch' | 'back' | null {
  if (ocr.missing.length || !ocr.complete) return 'incomplete';
  if (ocr.matchesProfile === false) return 'mismatch';
  if (!ocr.sides.back) return 'back';
  return null;
}

const ROWS: { field: Field; label: string; ltr?: boolean }[] = [
  { field: 'cardNumber', label: 'idcard.cardNumber', ltr: true },
  { field: 'name', label: 'idcard.name' },
  { field: 'fatherName', label: 'idcard.fatherName' },
  { field: 'motherName', label: 'idcard.motherName' },
  { field: 'birthday', label: 'idcard.birthday', ltr: true },
  { field: 'address', label: 'idcard.address' },
];

export function OcrCard({ ocr, reading, error, confirmed, onConfirm, onRetry }: Props) {
  const { t, i18n } = useTranslation('onboarding');
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
      <section className="card ob-section" data-testid="ocr-error">
        <h2>{t('idcard.ocrTitle')}</h2>
        <p className="field__error" role="alert">
          {error}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          {t('idcard.readAgain')}
        </Button>
      </section>
    );
  }
  if (!ocr) return null;
  const problem = ocrProblem(ocr);
  // a required field the server could not recognise carries the catalogue's message; the mother name is never required
  const missing = new Map(ocr.missing.map((m) => [m.field as Field, errorMessage(m.code, i18n.language)]));
  return (
    <section className="card ob-section" data-testid="ocr">
      <h2>{t('idcard.ocrTitle')}</h2>
      <dl className="kv">
        {ROWS.map(({ field, label, ltr }) => {
          const value = ocr[field];
          return (
            <Fragment key={field}>
              <dt>{t(label)}</dt>
              <dd>
                {value ? (
                  ltr ? (
                    <Ltr>{value}</Ltr>
                  ) : (
                    value
                  )
                ) : missing.has(field) ? (
                  <span className="field__error">{missing.get(field)}</span>
                ) : (
                  <span className="ob-muted">{t('idcard.notRead')}</span>
                )}
              </dd>
            </Fragment>
          );
        })}
      </dl>
      {problem === 'incomplete' || problem === 'mismatch' ? (
        <>
          <p className="ob-notice" role="alert">
            {problem === 'incomplete' ? t('idcard.verifyFailed') : t('idcard.identityError')}
          </p>
          <Button variant="secondary" onClick={onRetry}>
            {t('idcard.readAgain')}
          </Button>
        </>
      ) : problem === 'back' ? (
        <p className="ob-muted">{t('idcard.backReadNext')}</p>
      ) : (
        <Checkbox label={t('idcard.confirmOcr')} checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} />
      )}
    </section>
  );
}
