/**
 * The review's transparent scoring rule (README "Review scoring"); every weight is in
 * POLICY.scoring. Approve when the score reaches its threshold.
 */
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import type { SalaryBand } from '../api/contract';

const { ageOn, salaryBandOf, SALARY_BANDS } = C;

type Stored = Record<string, unknown> | null | undefined;
export type Answers = { question: number; answer: string }[] | null | undefined;

/** the income's band: a band saved by the form, or rupees saved before the bands; none when missing */
function salaryBand(v: unknown): SalaryBand | null {
  if (typeof v === 'number' && v > 0) return salaryBandOf(v);
  return (SALARY_BANDS as readonly unknown[]).includes(v) ? (v as SalaryBand) : null;
}

/** the score of a borrower's saved personal info, work info and questionnaire answers, as of `now` */
export function score(basic: Stored, addition: Stored, answers: Answers, now: number): number {
  const { age, salaryBands, employment, ownHouse, answers: costly, borrowedMonthsOfIncome, borrowedTooMuch } = POLICY.scoring;
  let s = 0;
  if (typeof basic?.inputBirthday === 'string' && basic.inputBirthday) {
    const years = ageOn(basic.inputBirthday, new Date(now));
    s += years >= age.primeMin && years <= age.primeMax ? age.prime : age.other;
  }
  const band = salaryBand(addition?.monthlySalary);
  const salary = band ? salaryBands[band].monthly : 0;
  if (band) s += salaryBands[band].points;
  const work = addition?.employmentType;
  if (typeof work === 'string' && Object.hasOwn(employment, work)) s += employment[work];
  if (basic?.residenceType === 'ownHouse') s += ownHouse;
  for (const rule of costly) {
    const a = answers?.find((x) => x.question === rule.question)?.answer;
    if (a !== undefined && rule.answers.includes(a)) s += rule.points;
  }
  if (basic?.previouslyBorrowed === 'yes' && salary > 0 && Number(basic.previouslyBorrowedAmount ?? 0) > borrowedMonthsOfIncome * salary) s += borrowedTooMuch;
  return s;
}
