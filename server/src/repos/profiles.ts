/** The profiles table: each borrower's saved forms (JSON; national IDs sealed at rest) and card reading. */
import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { z } from 'zod';
import C from '../api/contract';
import { jsonb } from '../db/json';
import { parseJson } from '../db/json';

export type ProfileRow = Selectable<DB['profiles']>;

const O = C;
const text = z.string();
const optText = z.string().optional();
/** the personal info as saved (saveBasicInfo's request as the form checked it; nationalId sealed at rest) */
const SavedBasicJson = z.object({
  firstName: text,
  middleName: optText,
  lastName: text,
  gender: z.literal(O.GENDERS),
  inputBirthday: text,
  nationalId: text,
  cardType: z.enum(O.ID_CARD_TYPES),
  education: z.enum(O.EDUCATION),
  maritalStatus: z.enum(O.MARITAL_STATUS),
  loanPurpose: z.enum(O.LOAN_PURPOSE),
  residenceType: z.enum(O.RESIDENCE_TYPE),
  state: text,
  city: text,
  pinCode: text,
  county: optText,
  address: text,
  email: text,
  language: z.enum(O.SPOKEN_LANGUAGES),
  cityOfBirth: text,
  age: z.number().int().optional(),
  whatsappNo: optText,
  alternativePhone: optText,
  previouslyBorrowed: z.enum(O.YES_NO),
  previouslyBorrowedAmount: z.number().optional(),
  nameConfirmedByBorrower: z.boolean().optional(),
});
export type SavedBasic = z.output<typeof SavedBasicJson>;
const payday = z.union([z.number().int(), z.enum(O.WEEKDAYS)]).optional();
/** the work info as saved; rows from before the salary bands hold the income in rupees */
const SavedAdditionJson = z.object({
  employmentType: z.enum(O.EMPLOYMENT_TYPE),
  industryCategory: z.enum(O.INDUSTRY).optional(),
  company: optText,
  companyStartDate: optText,
  designation: z.enum(O.DESIGNATION).optional(),
  jobExperience: z.enum(O.JOB_EXPERIENCE).optional(),
  monthlySalary: z.union([z.enum(O.SALARY_BANDS), z.number()]).optional(),
  payFrequency: z.enum(O.PAY_FREQUENCY).optional(),
  monthlyPayday: payday,
  monthlyPaydayTwo: payday,
  payMethod: z.enum(O.PAY_METHOD).optional(),
  incomeSource: z.enum(O.INCOME_SOURCE),
  workPhone: optText,
  workPincode: optText,
  workState: optText,
  workDistrict: optText,
  workCounty: optText,
  workAddress: optText,
  linkedin: optText,
  facebook: optText,
  emergencyContactName1: text,
  emergencyContactMobile1: text,
  emergencyContactRelation1: z.enum(O.CONTACT_RELATION),
  emergencyContactName2: text,
  emergencyContactMobile2: text,
  emergencyContactRelation2: z.enum(O.CONTACT_RELATION),
});
export type SavedAddition = z.output<typeof SavedAdditionJson>;
/** the questionnaire's answers, by question */
const SavedAnswersJson = z.array(z.object({ question: z.number().int(), answer: z.string() }));
export type SavedAnswers = z.output<typeof SavedAnswersJson>;
const read = z.string().nullable().optional();
/** what was read of the CNIC (ocr.ts CNIC_FIELDS; cardNumber sealed at rest); a row from before the back was read has no `sides`, one without a confidence counts as 0 */
const SavedReadingJson = z.object({
  cardNumber: read,
  name: read,
  fatherName: read,
  birthday: read,
  address: read,
  motherName: read,
  sides: z.object({ front: z.boolean(), back: z.boolean() }).optional(),
  confidence: z.number().default(0),
});
export type SavedReading = z.output<typeof SavedReadingJson>;

/** a borrower's profile with its JSON parts parsed */
export type Profile = Omit<ProfileRow, 'basic' | 'addition' | 'questionnaire' | 'ocr'> & {
  basic: SavedBasic | null;
  addition: SavedAddition | null;
  questionnaire: SavedAnswers | null;
  ocr: SavedReading | null;
};

/** a profile's personal info as a query read it (`profiles.basic`), parsed */
export const basicOf = (basic: unknown, userId: number): SavedBasic | null =>
  basic === null ? null : parseJson(SavedBasicJson, basic, `profiles.basic of user ${userId}`);

export async function profileOf(db: Db, userId: number): Promise<Profile | undefined> {
  const row = await db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const part = <T>(schema: z.ZodType<T>, column: 'basic' | 'addition' | 'questionnaire' | 'ocr'): T | null =>
    row[column] === null ? null : parseJson(schema, row[column], `profiles.${column} of user ${userId}`);
  return {
    ...row,
    basic: part(SavedBasicJson, 'basic'),
    addition: part(SavedAdditionJson, 'addition'),
    questionnaire: part(SavedAnswersJson, 'questionnaire'),
    ocr: part(SavedReadingJson, 'ocr'),
  };
}

type Saved = Partial<Pick<ProfileRow, 'national_id_index' | 'images_done_at'>> & {
  basic?: unknown;
  addition?: unknown;
  questionnaire?: unknown;
  ocr?: unknown;
};
/** writes the given parts of the profile (JSON parts as JSON) */
export async function saveProfile(db: Db, userId: number, parts: Saved, now: number | null): Promise<void> {
  const { basic, addition, questionnaire, ocr, ...plain } = parts;
  await db
    .updateTable('profiles')
    .set({
      ...plain,
      ...(basic !== undefined ? { basic: jsonb(basic) } : {}),
      ...(addition !== undefined ? { addition: jsonb(addition) } : {}),
      ...(questionnaire !== undefined ? { questionnaire: jsonb(questionnaire) } : {}),
      ...(ocr !== undefined ? { ocr: jsonb(ocr) } : {}),
      ...(now !== null ? { updated_at: now } : {}),
    })
    .where('user_id', '=', userId)
    .execute();
}
