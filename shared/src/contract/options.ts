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
export const DESIGNATION = ['assistant', 'commissioner', 'supervisor', 'manager', 'director', 'other'] as const;
export const INDUSTRY = [
  'hospitalAndMedical', 'financeAndAudit', 'transportation', 'bankAndInsurance', 'retail', 'Police',
  'governmentEmployee', 'education', 'itAndSoftware', 'manufacturing', 'construction', 'agriculture',
  'hospitality', 'telecom', 'legal', 'others',
] as const;
/** The newer form's relations. */
export const CONTACT_RELATION = ['parents', 'couple', 'children', 'siblings', 'friends', 'others'] as const;
export const PAY_FREQUENCY = ['Weekly', 'Fourteen', 'Monthly', 'Biweekly'] as const;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const SALARY_BANDS = ['under29999', '30000-49999', '50000-99999', '100000-149999', 'over150000'] as const;
export const CARD_TYPES = ['bank', 'Easypaisa', 'Jazzcash', 'IBAN'] as const;
export const YES_NO = ['yes', 'no'] as const;
export const UPLOAD_FLAGS = ['appList', 'sms', 'exif', 'device', 'contact', 'location'] as const;
export type UploadFlag = (typeof UPLOAD_FLAGS)[number];
export const DEVICE_PERMISSIONS = ['contacts', 'sms', 'installedApps', 'location', 'storage', 'camera', 'deviceInfo'] as const;
export const CANCEL_REASONS = ['noLongerNeeded', 'amountTooLow', 'feeTooHigh', 'foundBetterOffer', 'wrongInformation', 'other'] as const;
