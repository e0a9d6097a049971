/**
 * The test borrower: what the QA fixtures (server/src/dev/borrower.ts) and the e2e suites (e2e/support/api.ts)
 * answer on the onboarding steps. Here, beside the schemas it must pass, because both may import the contract
 * and neither may import the other. Test data only: no app screen reads it.
 */
import type { z } from 'zod';
import type { endpointSchemas } from './endpointSchemas';

type RequestOf<N extends keyof typeof endpointSchemas> = z.input<(typeof endpointSchemas)[N]['request']>;

export const TEST_BORROWER = {
  basic: {
    firstName: 'Ali',
    lastName: 'Khan',
    gender: 1,
    inputBirthday: '1990-05-01',
    nationalId: '3520112345671',
    education: 'bachelors',
    maritalStatus: 'married',
    loanPurpose: 'health',
    residenceType: 'ownHouse',
    state: 'Punjab',
    city: 'Lahore',
    address: 'House 12, Street 4, Model Town',
    email: 'ali.khan@example.pk',
    previouslyBorrowed: 'no',
    cardType: 'CNIC',
    pinCode: '54000',
    county: 'Model Town',
    language: 'punjabi',
    cityOfBirth: 'Lahore',
  },
  addition: {
    employmentType: 'employee',
    industryCategory: 'retail',
    company: 'Metro Store',
    designation: 'manager',
    jobExperience: 'moreThan3Years',
    monthlySalary: '50000-99999',
    payFrequency: 'Monthly',
    monthlyPayday: 1,
    incomeSource: 'ownself',
    workPincode: '54000',
    workState: 'Punjab',
    workDistrict: 'Lahore',
    workCounty: 'Gulberg',
    workAddress: 'Office 3, Main Boulevard',
    emergencyContactName1: 'Sara Khan',
    emergencyContactMobile1: '03001111111',
    emergencyContactRelation1: 'siblings',
    emergencyContactName2: 'Omar Khan',
    emergencyContactMobile2: '03002222222',
    emergencyContactRelation2: 'parents',
  },
  /** the receiving account (its `accountCode` is asked when it is added) */
  card: { cardType: 'Easypaisa', accountNumber: '0345 1234567', confirmAccountNumber: '03451234567', cardHolder: 'Ali Khan' },
  /** the questionnaire: no default, no bureau listing, good repayment, nothing else */
  answers: [
    { question: 1, answer: 'no' },
    { question: 2, answer: 'no' },
    { question: 3, answer: 'good' },
    ...[4, 5, 6, 7, 8, 9, 10, 11].map((question) => ({ question, answer: 'none' })),
  ],
} as const satisfies {
  basic: RequestOf<'saveBasicInfo'>;
  addition: RequestOf<'saveAdditionInfo'>;
  card: Omit<RequestOf<'addBankCard'>, 'accountCode'>;
  answers: RequestOf<'saveQuestionnaire'>['answers'];
};

/**
 * The states a QA fixture borrower is made in (server/src/dev/fixtures.ts has a plan for each): QA's standalone page
 * offers them, and a release's smoke load signs in as one to open each route (a route's `smokeAs`).
 */
export const QA_FIXTURE_STATES = ['onboarded', 'awaitingConfirmation', 'rejected', 'payoutFailed', 'repaying30Days', 'overdue'] as const;
export type QaFixtureState = (typeof QA_FIXTURE_STATES)[number];

/** Where a fixture borrower opens `path` (a route's path, with its query): with the fixture's order, when it has one and the query names none. */
export function withFixtureOrder(path: string, orderNo: string | null): string {
  if (!orderNo) return path;
  const [p, q] = path.split('?');
  const query = new URLSearchParams(q);
  if (!query.has('orderNo')) query.set('orderNo', orderNo);
  return `${p}?${query.toString()}`;
}
