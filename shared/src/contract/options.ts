/** Option lists of spec section 3 (values are the wire values; labels come from i18n). */

export const GENDERS = [1, 2] as const; // 1 male, 2 female
export const EDUCATION = ['noEducated', 'primaryschool', 'seniorSchool', 'bachelors', 'masters'] as const;
export const MARITAL_STATUS = ['single', 'married', 'divorced', 'widowed'] as const;
export const LOAN_PURPOSE = ['familyFunction', 'holidayTravel', 'education', 'health', 'otherPersonalUse'] as const;
export const RESIDENCE_TYPE = ['ownHouse', 'rened', 'others'] as const;
export const JOB_EXPERIENCE = ['lessThan1Year', 'in1_3Years', 'moreThan3Years'] as const;
/** The newer form's work types (spec section 3). */
export const EMPLOYMENT_TYPE = ['employee', 'self_employed', 'Unemployed'] as const;
export const UNEMPLOYED = 'Unemployed';
export const PAY_METHOD = ['cheque', 'cash', 'bankTransfer'] as const;
export const INCOME_SOURCE = ['ownself', 'father', 'mother', 'brotherOrSister', 'otherFamilyMember'] as const;
/** The designation sets of spec section 3: basic, government/professional, self-employed. */
export const DESIGNATION_SETS = {
  basic: ['assistant', 'commissioner', 'supervisor', 'manager', 'director', 'other'],
  governmentProfessional: ['officer', 'clerk', 'teacher', 'doctor', 'nurse', 'engineer', 'lawyer', 'accountant', 'policeOfficer', 'armedForces', 'other'],
  selfEmployed: ['businessOwner', 'shopkeeper', 'trader', 'farmer', 'driver', 'freelancer', 'craftsman', 'other'],
} as const;
export const DESIGNATION = [...new Set(Object.values(DESIGNATION_SETS).flat())] as [Designation, ...Designation[]];
export type Designation = (typeof DESIGNATION_SETS)[keyof typeof DESIGNATION_SETS][number];
/**
 * The designations a work type offers (decision: an employee chooses from the basic and the
 * government/professional sets, 'other' last; the self-employed from theirs; the unemployed none).
 */
export const DESIGNATIONS_BY_EMPLOYMENT: Record<(typeof EMPLOYMENT_TYPE)[number], readonly Designation[]> = {
  employee: [...DESIGNATION_SETS.basic.slice(0, -1), ...DESIGNATION_SETS.governmentProfessional],
  self_employed: DESIGNATION_SETS.selfEmployed,
  Unemployed: [],
};
export const designationsFor = (employmentType: string | undefined): readonly Designation[] =>
  DESIGNATIONS_BY_EMPLOYMENT[employmentType as keyof typeof DESIGNATIONS_BY_EMPLOYMENT] ?? [];
export const INDUSTRY = [
  'hospitalAndMedical',
  'financeAndAudit',
  'transportation',
  'bankAndInsurance',
  'retail',
  'Police',
  'governmentEmployee',
  'education',
  'itAndSoftware',
  'manufacturing',
  'construction',
  'agriculture',
  'hospitality',
  'telecom',
  'legal',
  'others',
] as const;
/** The newer form's relations. */
export const CONTACT_RELATION = ['parents', 'couple', 'children', 'siblings', 'friends', 'others'] as const;
export const PAY_FREQUENCY = ['Weekly', 'Fourteen', 'Monthly', 'Biweekly'] as const;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const SALARY_BANDS = ['under29999', '30000-49999', '50000-99999', '100000-149999', 'over150000'] as const;
export type SalaryBand = (typeof SALARY_BANDS)[number];
/** the lowest monthly income (PKR) of each band, in the order of SALARY_BANDS */
const SALARY_BAND_FLOORS = [0, 30_000, 50_000, 100_000, 150_000] as const;
/** the band of a monthly income in rupees (incomes saved as numbers before the bands) */
export function salaryBandOf(amount: number): SalaryBand {
  let i = SALARY_BAND_FLOORS.length - 1;
  while (i > 0 && amount < SALARY_BAND_FLOORS[i]) i--;
  return SALARY_BANDS[i];
}
/** The ID card the National ID belongs to: CNIC, or NICOP for Pakistanis overseas (both 13 digits). */
export const ID_CARD_TYPES = ['CNIC', 'NICOP'] as const;
/** Languages a borrower speaks (personal info's 'language'), Pakistan's main ones. */
export const SPOKEN_LANGUAGES = ['urdu', 'punjabi', 'sindhi', 'pashto', 'saraiki', 'balochi', 'hindko', 'brahui', 'english', 'other'] as const;
export const CARD_TYPES = ['bank', 'Easypaisa', 'Jazzcash', 'IBAN'] as const;
export const YES_NO = ['yes', 'no'] as const;
export const UPLOAD_FLAGS = ['appList', 'sms', 'exif', 'device', 'contact', 'location'] as const;
export type UploadFlag = (typeof UPLOAD_FLAGS)[number];
export const DEVICE_PERMISSIONS = ['contacts', 'sms', 'installedApps', 'location', 'storage', 'camera', 'deviceInfo'] as const;
export const CANCEL_REASONS = ['noLongerNeeded', 'amountTooLow', 'feeTooHigh', 'foundBetterOffer', 'wrongInformation', 'other'] as const;
