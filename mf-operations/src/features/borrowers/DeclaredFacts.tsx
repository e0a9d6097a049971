/** What a borrower declared (reviews and the borrower view), as the API sends it: masked numbers, no street address. */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeclaredData } from '../../api/types';
import { Money } from '../../shell/ui';
import { optionWord } from '../../shell/words';

/** each fact, and the option list whose words show it (shared/options); none: shown as typed */
const PLAIN = [
  ['name'],
  ['age'],
  ['gender', 'gender'],
  ['education', 'education'],
  ['maritalStatus', 'maritalStatus'],
  ['loanPurpose', 'loanPurpose'],
  ['residenceType', 'residenceType'],
  ['city'],
  ['state'],
] as const;
/** the salary is its band (SALARY_BANDS), as declared */
const WORK = [
  ['employmentType', 'employmentType'],
  ['industry', 'industry'],
  ['designation', 'designation'],
  ['experience', 'jobExperience'],
  ['monthlySalary', 'salaryBand'],
  ['payFrequency', 'payFrequency'],
  ['incomeSource', 'incomeSource'],
] as const;

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

export function DeclaredFacts({ data }: { data: DeclaredData }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="ops-facts">
        <dt>{t('declared.mobile')}</dt>
        <dd>
          <bdi dir="ltr">{data.mobile}</bdi>
        </dd>
        <dt>{t('declared.nationalId')}</dt>
        <dd>
          <bdi dir="ltr">{data.nationalId}</bdi>
          {data.idReadConfidence !== null && <small className="ops-muted"> · {t('declared.idReadConfidence', { value: data.idReadConfidence })}</small>}
        </dd>
        {PLAIN.map(([k, list]) => (
          <Fragment key={k}>
            <dt>{t(`declared.${k}`)}</dt>
            <dd>
              <bdi>{list ? optionWord(t, list, data[k]) : shown(data[k])}</bdi>
            </dd>
          </Fragment>
        ))}
        <dt>{t('declared.previouslyBorrowed')}</dt>
        <dd>
          {data.previouslyBorrowed ? (
            <>
              <bdi>{optionWord(t, 'yesNo', data.previouslyBorrowed.answer)}</bdi>
              {data.previouslyBorrowed.amount !== null && (
                <>
                  {' '}
                  · <Money amount={data.previouslyBorrowed.amount} />
                </>
              )}
            </>
          ) : (
            '-'
          )}
        </dd>
        {data.work && (
          <>
            {WORK.map(([k, list]) => (
              <Fragment key={k}>
                <dt>{t(`declared.work.${k}`)}</dt>
                <dd>
                  <bdi>{optionWord(t, list, data.work?.[k])}</bdi>
                </dd>
              </Fragment>
            ))}
          </>
        )}
      </dl>
      {data.emergencyContacts.length > 0 && (
        <>
          <h3>{t('declared.emergencyContacts')}</h3>
          <ul>
            {data.emergencyContacts.map((c, i) => (
              <li key={i}>
                <bdi>{c.name}</bdi> · <bdi>{optionWord(t, 'relation', c.relation)}</bdi> · <bdi dir="ltr">{c.mobile}</bdi>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
