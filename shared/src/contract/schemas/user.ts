/** user: personal info, work info, bank cards, ID/face uploads, OCR, questionnaire, device data. */
import { z } from 'zod';
import {
  FACEBOOK_URL_RE,
  LINKEDIN_URL_RE,
  ADDRESS_MAX,
  ADDRESS_MIN,
  BORROWED_AMOUNT_MAX,
  COMPANY_MAX,
  CONTACT_NAME_MAX,
  FREE_TEXT_MIN_WORD_CHARS,
  MAX_AGE,
  MIN_AGE,
  NAME_MIN,
  NATIONAL_ID_LENGTH,
  PIN_CODE_LENGTH,
  PLACE_NAME_MAX,
  VALID_PERIOD_YEARS_AHEAD,
  WALLET_NUMBER_RE,
} from '../limits';
import {
  CARD_TYPES,
  CONTACT_RELATION,
  DESIGNATION,
  EDUCATION,
  EMPLOYMENT_TYPE,
  GENDERS,
  ID_CARD_TYPES,
  INCOME_SOURCE,
  INDUSTRY,
  JOB_EXPERIENCE,
  LOAN_PURPOSE,
  MARITAL_STATUS,
  PAY_FREQUENCY,
  PAY_METHOD,
  RESIDENCE_TYPE,
  SALARY_BANDS,
  SPOKEN_LANGUAGES,
  UNEMPLOYED,
  WEEKDAYS,
  YES_NO,
  designationsFor,
  salaryBandOf,
} from '../options';
import { BankCardView, isCalendarDate, isoDateTime, mobile, money, orderNo, otpCode, pakistaniMobile, requestDate } from './common';
import { ProfileProgress } from './security';

// ---------- field rules of spec section 5 ----------
export const NAME_RE = /^[A-Za-z]+(?: [A-Za-z]+)*$/;
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const NATIONAL_ID_RE = new RegExp(`^\\d{${NATIONAL_ID_LENGTH}}$`);
export const PIN_CODE_RE = new RegExp(`^\\d{${PIN_CODE_LENGTH}}$`);
/** bank account number: digits (Pakistani banks use 10-20) */
export const BANK_ACCOUNT_RE = /^\d{10,20}$/;
/** Pakistani IBAN: PK + 2 check digits + 4-letter bank code + 16 digits */
export const IBAN_RE = /^PK\d{2}[A-Z]{4}\d{16}$/;
/** the bank identifier a Pakistani IBAN carries (its 4 letters after the check digits) */
export const ibanBankCode = (iban: string): string => iban.slice(4, 8);
/** ISO 13616 check digits: the country and check digits moved to the end, letters as 10..35, the number mod 97 is 1 */
export function ibanChecks(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}
export const BANK_COUNT = 46;
export const WALLET_BANK_INDEX = { Easypaisa: 14, Jazzcash: 31 } as const;

/**
 * Free text a person writes (an address, a company): words, not only symbols or emoji, and no
 * markup characters. Nothing is cut: too long says so.
 */
const WORD_CHARS = /[\p{L}\p{N}]/gu;
export const hasWords = (s: string) => (s.match(WORD_CHARS)?.length ?? 0) >= FREE_TEXT_MIN_WORD_CHARS;
const freeText = (base: z.ZodString) =>
  base.refine((s) => !/[<>]/.test(s), 'validation.textNoMarkup').refine((s) => s === '' || hasWords(s), 'validation.textNeedsWords');

/** letters a-z only (one space between words); the spec's "at least 3 letters" counts letters, not spaces */
const letterCount = (s: string) => s.replace(/[^A-Za-z]/g, '').length;
const nameRules = (base: z.ZodString) =>
  base
    .regex(NAME_RE, 'validation.nameLetters')
    .refine((s) => letterCount(s) >= NAME_MIN, 'validation.nameMin')
    .max(50, 'validation.nameMax');
const personName = (requiredKey: string) => nameRules(z.string({ error: requiredKey }).trim().min(1, requiredKey));
/** a place's name a person writes (county/tehsil, city of birth) */
const placeName = (base: z.ZodString) => freeText(base.max(PLACE_NAME_MAX, 'validation.placeNameLength'));
/** postal code: Pakistan Post's 5 digits */
const pinCode = (requiredKey: string) => z.string({ error: requiredKey }).trim().min(1, requiredKey).regex(PIN_CODE_RE, 'validation.pinCode5');

/** age in whole years on `today` for a YYYY-MM-DD birthday */
export function ageOn(birthday: string, today = new Date()): number {
  const [y, m, d] = birthday.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const mm = today.getUTCMonth() + 1;
  if (mm < m || (mm === m && today.getUTCDate() < d)) age--;
  return age;
}

export const birthday = z
  .string({ error: 'validation.birthdayRequired' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.birthdayFormat')
  .refine(isCalendarDate, 'validation.birthdayFormat')
  .refine((s) => {
    const a = ageOn(s);
    return a >= MIN_AGE && a <= MAX_AGE;
  }, 'validation.birthdayAge');

export const email = z.string({ error: 'validation.emailRequired' }).trim().min(1, 'validation.emailRequired').regex(EMAIL_RE, 'validation.emailInvalid');

// ---------- basic (personal) info ----------
export const BasicInfoFields = z.object({
  firstName: personName('validation.firstNameRequired'),
  middleName: nameRules(z.string().trim()).optional().or(z.literal('')),
  lastName: personName('validation.lastNameRequired'),
  gender: z.literal(GENDERS, { error: 'validation.genderRequired' }),
  inputBirthday: birthday,
  nationalId: z
    .string({ error: 'validation.nationalIdRequired' })
    .trim()
    .min(1, 'validation.nationalIdRequired')
    .regex(NATIONAL_ID_RE, 'validation.nationalId13'),
  cardType: z.enum(ID_CARD_TYPES, { error: 'validation.idCardTypeRequired' }),
  education: z.enum(EDUCATION, { error: 'validation.educationRequired' }),
  maritalStatus: z.enum(MARITAL_STATUS, { error: 'validation.maritalStatusRequired' }),
  loanPurpose: z.enum(LOAN_PURPOSE, { error: 'validation.loanPurposeRequired' }),
  residenceType: z.enum(RESIDENCE_TYPE, { error: 'validation.residenceTypeRequired' }),
  state: z.string({ error: 'validation.stateRequired' }).trim().min(1, 'validation.stateRequired'),
  city: z.string({ error: 'validation.cityRequired' }).trim().min(1, 'validation.cityRequired'),
  pinCode: pinCode('validation.pinCodeRequired'),
  /** county / tehsil: optional (decision: not every borrower knows it) */
  county: placeName(z.string().trim()).optional(),
  address: freeText(
    z.string({ error: 'validation.addressRequired' }).trim().min(ADDRESS_MIN, 'validation.addressLength').max(ADDRESS_MAX, 'validation.addressLength'),
  ),
  email,
  language: z.enum(SPOKEN_LANGUAGES, { error: 'validation.languageRequired' }),
  cityOfBirth: placeName(z.string({ error: 'validation.cityOfBirthRequired' }).trim().min(1, 'validation.cityOfBirthRequired')),
  /** derived from inputBirthday (what a client sends is replaced); returned with the saved profile */
  age: z.number().int().optional(),
  whatsappNo: mobile.optional().or(z.literal('')),
  alternativePhone: mobile.optional().or(z.literal('')),
  previouslyBorrowed: z.enum(YES_NO, { error: 'validation.previouslyBorrowedRequired' }),
  previouslyBorrowedAmount: money.min(0, 'validation.amountPositive').max(BORROWED_AMOUNT_MAX, 'validation.amountTooHigh').optional(),
  /** the borrower confirmed the name is exactly as on the CNIC although the reading differs: checked by hand in the review */
  nameConfirmedByBorrower: z.boolean().optional(),
});
const basicInfoOf = <T extends z.ZodType<Omit<z.output<typeof BasicInfoFields>, 'nationalId'> & { nationalId?: string }, unknown>>(fields: T) =>
  fields
    .superRefine((v, ctx) => {
      if (v.previouslyBorrowed === 'yes' && !(v.previouslyBorrowedAmount && v.previouslyBorrowedAmount > 0)) {
        ctx.addIssue({ code: 'custom', path: ['previouslyBorrowedAmount'], message: 'validation.previouslyBorrowedAmount' });
      }
    })
    .transform((v) => ({
      ...v,
      age: ageOn(v.inputBirthday),
      previouslyBorrowedAmount: v.previouslyBorrowed === 'no' ? undefined : v.previouslyBorrowedAmount,
    }));
/** the personal info of a borrower with no National ID on file */
export const BasicInfo = basicInfoOf(BasicInfoFields);
export type BasicInfo = z.output<typeof BasicInfo>;
/**
 * saveBasicInfo's request: with a National ID on file (answers show it masked only, `nationalIdMasked`) it may be
 * left out or empty, and the one on file is kept; without one on file the server answers it required.
 */
export const SaveBasicInfoRequest = basicInfoOf(
  BasicInfoFields.extend({ nationalId: z.preprocess((v) => (v === '' ? undefined : v), BasicInfoFields.shape.nationalId.optional()) }),
);
/** a National ID as answers show it: its last 4 digits (the full number is only ever typed, never read back) */
export const MaskedNationalId = z.string().regex(/^\*+\d{4}$/);

// ---------- additional (work) info + emergency contacts ----------
const payday = z.union([z.number().int().min(1).max(31), z.enum(WEEKDAYS)], { error: 'validation.paydayInvalid' });
const contactName = z
  .string({ error: 'validation.contactNameRequired' })
  .trim()
  .min(1, 'validation.contactNameRequired')
  .max(CONTACT_NAME_MAX, 'validation.contactNameMax')
  .refine((s) => !/[<>]/.test(s), 'validation.textNoMarkup')
  .refine(hasWords, 'validation.textNeedsWords');
/** a Pakistani mobile however it is written; stored as login stores mobiles (10 national digits) */
const contactPhone = z
  .string({ error: 'validation.contactPhoneRequired' })
  .trim()
  .min(1, 'validation.contactPhoneRequired')
  .transform((v, ctx) => pakistaniMobile(v) ?? (ctx.addIssue({ code: 'custom', message: 'validation.contactPhoneInvalid' }), z.NEVER));
const contactRelation = z.enum(CONTACT_RELATION, { error: 'validation.contactRelationRequired' });
/** a profile link of one site (LINKEDIN_URL_RE, FACEBOOK_URL_RE): it is shown back on screens and to staff */
const profileUrl = (site: RegExp, key: string) => z.string().trim().max(200, key).regex(site, key).optional().or(z.literal(''));

export const AdditionInfoFields = z.object({
  employmentType: z.enum(EMPLOYMENT_TYPE, { error: 'validation.employmentTypeRequired' }),
  industryCategory: z.enum(INDUSTRY, { error: 'validation.industryRequired' }).optional(),
  company: freeText(z.string().trim().max(COMPANY_MAX, 'validation.companyInvalid')).optional(),
  companyStartDate: requestDate('validation.dateInvalid', { month: true }).optional(),
  /** one of the work type's set (designationsFor) */
  designation: z.enum(DESIGNATION, { error: 'validation.designationInvalid' }).optional(),
  jobExperience: z.enum(JOB_EXPERIENCE, { error: 'validation.jobExperienceRequired' }).optional(),
  /**
   * The income's band (SALARY_BANDS), a string on the wire since the bands. A number of rupees
   * (sent or saved before) is taken as its band.
   */
  monthlySalary: z.preprocess(
    (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? salaryBandOf(v) : v),
    z.enum(SALARY_BANDS, {
      error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? 'validation.incomeRequired' : 'validation.incomeInvalid'),
    }),
  ),
  payFrequency: z.enum(PAY_FREQUENCY, { error: 'validation.payFrequencyRequired' }).optional(),
  monthlyPayday: payday.optional(),
  monthlyPaydayTwo: payday.optional(),
  payMethod: z.enum(PAY_METHOD).optional(),
  incomeSource: z.enum(INCOME_SOURCE, { error: 'validation.incomeSourceRequired' }),
  workPhone: z
    .string()
    .trim()
    .regex(/^\d{7,12}$/, 'validation.workPhoneInvalid')
    .optional()
    .or(z.literal('')),
  /** work address: pincode, state, district (a city of the state's list, checked by the server), county, address */
  workPincode: pinCode('validation.pinCode5').optional().or(z.literal('')),
  workState: z.string().trim().optional(),
  workDistrict: z.string().trim().optional(),
  workCounty: placeName(z.string().trim()).optional(),
  workAddress: freeText(z.string().trim().max(ADDRESS_MAX, 'validation.addressLength')).optional(),
  linkedin: profileUrl(LINKEDIN_URL_RE, 'validation.linkedinUrl'),
  facebook: profileUrl(FACEBOOK_URL_RE, 'validation.facebookUrl'),
  emergencyContactName1: contactName,
  emergencyContactMobile1: contactPhone,
  emergencyContactRelation1: contactRelation,
  emergencyContactName2: contactName,
  emergencyContactMobile2: contactPhone,
  emergencyContactRelation2: contactRelation,
});

const isDay = (v: unknown) => typeof v === 'number';
const isWeekday = (v: unknown) => typeof v === 'string';

export const AdditionInfo = AdditionInfoFields.superRefine(
  (v, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.employmentType !== UNEMPLOYED) {
      if (!v.industryCategory) add('industryCategory', 'validation.industryRequired');
      if (!v.jobExperience) add('jobExperience', 'validation.jobExperienceRequired');
      if (!v.payFrequency) add('payFrequency', 'validation.payFrequencyRequired');
      if (v.employmentType === 'employee' && !v.company) add('company', 'validation.companyRequired');
      const f = v.payFrequency;
      if (f === 'Monthly' || f === 'Biweekly') {
        if (!isDay(v.monthlyPayday)) add('monthlyPayday', 'validation.paydayDay');
        if (f === 'Biweekly') {
          if (!isDay(v.monthlyPaydayTwo)) add('monthlyPaydayTwo', 'validation.paydayDay');
          else if (v.monthlyPaydayTwo === v.monthlyPayday) add('monthlyPaydayTwo', 'validation.paydaySame');
        }
      } else if (f === 'Weekly' || f === 'Fourteen') {
        if (!isWeekday(v.monthlyPayday)) add('monthlyPayday', 'validation.paydayWeekday');
        if (f === 'Fourteen') {
          if (!isWeekday(v.monthlyPaydayTwo)) add('monthlyPaydayTwo', 'validation.paydayWeekday');
          else if (v.monthlyPaydayTwo === v.monthlyPayday) add('monthlyPaydayTwo', 'validation.paydaySame');
        }
      }
    }
    if (v.designation && !designationsFor(v.employmentType).includes(v.designation)) add('designation', 'validation.designationInvalid');
    if (v.workDistrict && !v.workState) add('workState', 'validation.stateRequired');
    if (v.emergencyContactRelation1 && v.emergencyContactRelation1 === v.emergencyContactRelation2) add('emergencyContactRelation2', 'validation.sameRelation');
    if (v.emergencyContactMobile1 && v.emergencyContactMobile1 === v.emergencyContactMobile2) {
      add('emergencyContactMobile2', 'validation.sameMobile');
    }
    // the rules run even when a field failed its own check: every error of the form shows at once
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
).transform((v) => {
  // Unemployed: no industry, job experience, pay frequency or paydays (spec section 4 form rules).
  if (v.employmentType === UNEMPLOYED) {
    return { ...v, industryCategory: undefined, jobExperience: undefined, payFrequency: undefined, monthlyPayday: undefined, monthlyPaydayTwo: undefined };
  }
  if (v.payFrequency === 'Monthly' || v.payFrequency === 'Weekly') return { ...v, monthlyPaydayTwo: undefined };
  return v;
});
export type AdditionInfo = z.output<typeof AdditionInfo>;

// ---------- bank card ----------
export const BankCardFields = z.object({
  cardType: z.enum(CARD_TYPES, { error: 'validation.cardTypeRequired' }),
  /** 1..46 for cardType bank; Easypaisa is 14 and Jazzcash 31 (filled in when omitted) */
  bankIndex: z.number().int().min(1, 'validation.bankRequired').max(BANK_COUNT, 'validation.bankRequired').optional(),
  accountNumber: z.string({ error: 'validation.accountRequired' }).trim().min(1, 'validation.accountRequired'),
  confirmAccountNumber: z.string({ error: 'validation.confirmAccountRequired' }).trim().min(1, 'validation.confirmAccountRequired'),
  cardHolder: personName('validation.cardHolderRequired'),
  /** the card's mobile; when it differs from the login mobile a bindCard verification code is needed */
  mobile: mobile.optional(),
  code: otpCode.optional(),
  /** the bankAccount code sent to the registered number: every account added or changed needs one (accountCodeRequired) */
  accountCode: otpCode.optional(),
  /** YYYY-MM, at most 50 years ahead */
  validPeriod: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'validation.validPeriod')
    .refine((s) => Number(s.slice(0, 4)) <= new Date().getUTCFullYear() + VALID_PERIOD_YEARS_AHEAD, 'validation.validPeriod')
    .optional(),
  cvc: z
    .string()
    .regex(/^\d{3,4}$/, 'validation.cvc')
    .optional(),
});
const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase();
export const BankCardInput = BankCardFields.superRefine((v, ctx) => {
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const acc = compact(v.accountNumber);
  if (acc !== compact(v.confirmAccountNumber)) add('confirmAccountNumber', 'validation.accountMismatch');
  if (v.cardType === 'bank') {
    if (!v.bankIndex) add('bankIndex', 'validation.bankRequired');
    if (!BANK_ACCOUNT_RE.test(acc)) add('accountNumber', 'validation.bankAccountDigits');
  } else if (v.cardType === 'IBAN') {
    if (!IBAN_RE.test(acc)) add('accountNumber', 'validation.ibanInvalid');
    else if (!ibanChecks(acc)) add('accountNumber', 'validation.ibanCheckDigits');
  } else if (!WALLET_NUMBER_RE.test(v.accountNumber.trim())) {
    add('accountNumber', 'validation.walletNumber');
  }
}).transform((v) => ({
  ...v,
  accountNumber: compact(v.accountNumber),
  confirmAccountNumber: compact(v.confirmAccountNumber),
  bankIndex: v.cardType === 'Easypaisa' ? WALLET_BANK_INDEX.Easypaisa : v.cardType === 'Jazzcash' ? WALLET_BANK_INDEX.Jazzcash : v.bankIndex,
}));
export type BankCardInput = z.output<typeof BankCardInput>;
export const AddBankCardResponse = z.object({ card: BankCardView, progress: ProfileProgress });

export const BankListRequest = z.object({});
export const BankListResponse = z.object({
  banks: z.array(z.object({ index: z.number().int(), name: z.string(), code: z.string(), wallet: z.boolean() })),
  wallets: z.array(z.object({ cardType: z.enum(CARD_TYPES), index: z.number().int(), name: z.string() })),
});

// ---------- documents ----------
export const DOCUMENT_KINDS = ['idFront', 'idBack', 'face', 'curpFront', 'curpBack', 'repayProof', 'complaint'] as const;
export const UploadRequest = z.object({ orderNo: orderNo.optional() });
export const UploadResponse = z.object({
  fileId: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  size: z.number().int(),
  mime: z.enum(['image/jpeg', 'image/png']),
  uploadedAt: isoDateTime,
});
export const FinishUploadAllImgRequest = z.object({
  /** the ID-upload agreement must be accepted */
  agree: z.literal(true, { error: 'validation.agreementRequired' }),
  /** the card could not be read (or read right) after retries: the review checks the photos by hand */
  checkByHand: z.boolean().optional(),
});
export const FinishUploadAllImgResponse = z.object({ progress: ProfileProgress });

/**
 * OCR of the CNIC, one side per call (the CURP call is kept for the CNIC, decisions.md); the answer is what
 * both sides read so far gave. Values are a prefill: the user confirms them. A side with nothing readable
 * answers frontUnreadable / backUnreadable; reading the back before it is uploaded answers idBackFirst.
 */
export const CurpOcrRequest = z.object({ side: z.enum(['front', 'back']).default('front') });
/** the fields the spec requires from the card, each with the catalogue's message when it was not read */
export const CNIC_REQUIRED_FIELDS = ['cardNumber', 'name', 'fatherName', 'birthday', 'address'] as const;
export const CurpOcrResponse = z.object({
  /** masked (MaskedNationalId): whether it equals the saved National ID is `matchesProfile` */
  cardNumber: MaskedNationalId.nullable(),
  name: z.string().nullable(),
  fatherName: z.string().nullable(),
  /** printed on few cards: never required */
  motherName: z.string().nullable(),
  birthday: z.string().nullable(),
  address: z.string().nullable(),
  /** which sides have been read (the fields of a side not read yet are null) */
  sides: z.object({ front: z.boolean(), back: z.boolean() }),
  /** required fields of the sides read that were not recognised, with the error code whose message says so */
  missing: z.array(z.object({ field: z.enum(CNIC_REQUIRED_FIELDS), code: z.number().int() })),
  /** all of cardNumber, name and birthday were read */
  complete: z.boolean(),
  /** the recognised number equals the nationalId of the saved personal info (null when none saved) */
  matchesProfile: z.boolean().nullable(),
  confidence: z.number(),
});

// ---------- saved profile (prefill of the forms) ----------
export const ProfileRequest = z.object({});
export const ProfileResponse = z.object({
  /** the National ID masked only (nationalIdMasked); a form sends it again to change it (SaveBasicInfoRequest) */
  basicInfo: BasicInfoFields.omit({ nationalId: true }).partial().extend({ nationalIdMasked: MaskedNationalId.optional() }).nullable(),
  additionInfo: AdditionInfoFields.partial().nullable(),
  documents: z.array(z.object({ kind: z.enum(DOCUMENT_KINDS), fileId: z.number().int(), uploadedAt: isoDateTime })),
  ocr: CurpOcrResponse.nullable(),
  progress: ProfileProgress,
});

// ---------- questionnaire (questions 1-11 of spec section 3) ----------
/** Other lenders a borrower may have used (questions 4 and 5). */
const OTHER_LENDERS = [
  'none',
  'easypaisaLoan',
  'jazzcashLoan',
  'barwaqt',
  'sarmaya',
  'finja',
  'abhi',
  'zarwallet',
  'creditbook',
  'smartQarza',
  'paisayar',
  'aqsa',
  'tez',
  'udhaar',
  'khushhali',
  'nrsp',
  'akhuwat',
  'kashf',
  'asasah',
  'ubank',
  'mobilink',
  'other',
] as const;

export const QUESTION_OPTIONS: Record<number, readonly string[]> = {
  1: ['yes', 'no'],
  2: ['yes', 'no'],
  3: ['excellent', 'good', 'fair', 'poor', 'veryPoor'],
  4: OTHER_LENDERS,
  5: OTHER_LENDERS,
  6: ['none', '1-7', '8-15', '16-30', '31-60', '61-90', 'over90'],
  7: ['none', 'under5000', '5000-20000', '20000-50000', '50000-100000', '100000-200000', 'over200000'],
  8: ['none', '1-10', 'over10'],
  9: ['none', '1-10', 'over10'],
  10: ['none', '1-10', 'over10'],
  11: ['none', '1-10', 'over10'],
};
export const QUESTION_COUNT = 11;
export const SaveQuestionnaireRequest = z.object({
  answers: z
    .array(z.object({ question: z.number().int().min(1).max(QUESTION_COUNT), answer: z.string().min(1, 'validation.answerRequired') }), {
      error: 'validation.questionnaireIncomplete',
    })
    .superRefine((answers, ctx) => {
      const seen = new Set<number>();
      answers.forEach((a, i) => {
        if (seen.has(a.question)) ctx.addIssue({ code: 'custom', path: [i, 'question'], message: 'validation.questionDuplicate' });
        seen.add(a.question);
        if (!QUESTION_OPTIONS[a.question]?.includes(a.answer)) ctx.addIssue({ code: 'custom', path: [i, 'answer'], message: 'validation.answerInvalid' });
      });
      if (seen.size !== QUESTION_COUNT) ctx.addIssue({ code: 'custom', path: [], message: 'validation.questionnaireIncomplete' });
    }),
  orderNo: orderNo.optional(),
});
export const SaveQuestionnaireResponse = z.object({ progress: ProfileProgress, orderStatus: z.number().int().nullable() });
export const QuestionnaireRequest = z.object({ lang: z.enum(['en', 'es', 'ur']).optional() });
export const QuestionnaireResponse = z.object({
  lang: z.string(),
  questions: z.array(z.object({ question: z.number().int(), title: z.string(), options: z.array(z.object({ value: z.string(), label: z.string() })) })),
  answers: z.array(z.object({ question: z.number().int(), answer: z.string() })).nullable(),
});

// ---------- device ----------
export const DevicePackageListRequest = z.object({});
/** package names of lending apps the data-collection task looks for on the device (per market, may be disabled) */
export const DevicePackageListResponse = z.object({ enabled: z.boolean(), packages: z.array(z.string()) });
