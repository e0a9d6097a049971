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

/** one rule's points in a score: `rule` names it (README "Review scoring"), `points` may be negative */
export interface ScorePart {
  rule: 'age' | 'salary' | 'employment' | 'ownHouse' | 'answer' | 'borrowedTooMuch';
  points: number;
  /** the question, for an answer's points */
  question?: number;
}

/** the rules that scored points on a borrower's saved personal info, work info and questionnaire answers, as of `now` (the review's reasons) */
export function scoreParts(basic: Stored, addition: Stored, answers: Answers, now: number): ScorePart[] {
  const { age, salaryBands, employment, ownHouse, answers: costly, borrowedMonthsOfIncome, borrowedTooMuch } = POLICY.scoring;
  const out: ScorePart[] = [];
  if (typeof basic?.inputBirthday === 'string' && basic.inputBirthday) {
    const years = ageOn(basic.inputBirthday, new Date(now));
    out.push({ rule: 'age', points: years >= age.primeMin && years <= age.primeMax ? age.prime : age.other });
  }
  const band = salaryBand(addition?.monthlySalary);
  const salary = band ? salaryBands[band].monthly : 0;
  if (band) out.push({ rule: 'salary', points: salaryBands[band].points });
  const work = addition?.employmentType;
  if (typeof work === 'string' && Object.hasOwn(employment, work)) out.push({ rule: 'employment', points: employment[work] });
  if (basic?.residenceType === 'ownHouse') out.push({ rule: 'ownHouse', points: ownHouse });
  for (const rule of costly) {
    const a = answers?.find((x) => x.question === rule.question)?.answer;
    if (a !== undefined && rule.answers.includes(a)) out.push({ rule: 'answer', question: rule.question, points: rule.points });
  }
  if (basic?.previouslyBorrowed === 'yes' && salary > 0 && Number(basic.previouslyBorrowedAmount ?? 0) > borrowedMonthsOfIncome * salary)
    out.push({ rule: 'borrowedTooMuch', points: borrowedTooMuch });
  return out.filter((p) => p.points !== 0);
}

/** the score of a borrower's saved personal info, work info and questionnaire answers, as of `now` */
export const score = (basic: Stored, addition: Stored, answers: Answers, now: number): number =>
  scoreParts(basic, addition, answers, now).reduce((s, p) => s + p.points, 0);

/** whether a score falls in the manual review band (REVIEW_MANUAL_BAND, inclusive; null: no band) */
export const inManualBand = (band: { min: number; max: number } | null, sc: number): boolean => band !== null && sc >= band.min && sc <= band.max;
