/**
 * The staff API's errors (`/staff/...`, docs/operations-api.md): plain JSON, not the borrower wire
 * protocol. A refusal is answered with its HTTP status and `{ error, message, ...data }`: `error` one
 * of these names, `message` in the `lang` header's language (en, else ur).
 */
export const STAFF_ERRORS = {
  invalidInput: { status: 400, en: 'Some fields are missing or invalid', ur: 'کچھ خانے خالی یا غلط ہیں' },
  secondFactorRequired: { status: 400, en: 'Enter the 6-digit code from your authenticator app', ur: 'اپنی تصدیقی ایپ کا 6 ہندسوں کا کوڈ درج کریں' },
  signInFailed: { status: 401, en: 'Wrong username, password or code', ur: 'صارف نام، پاس ورڈ یا کوڈ غلط ہے' },
  notSignedIn: { status: 401, en: 'Please sign in', ur: 'براہ کرم سائن ان کریں' },
  sessionEnded: { status: 401, en: 'Your session has ended, please sign in again', ur: 'آپ کا سیشن ختم ہو گیا، دوبارہ سائن ان کریں' },
  forbidden: { status: 403, en: 'Your role may not do this', ur: 'آپ کا کردار یہ کام نہیں کر سکتا' },
  ownProposal: { status: 403, en: 'A different supervisor must approve your own proposal', ur: 'آپ کی اپنی تجویز کسی دوسرے سپروائزر کو منظور کرنی ہوگی' },
  notFound: { status: 404, en: 'Not found', ur: 'نہیں ملا' },
  usernameTaken: { status: 409, en: 'That username is taken', ur: 'یہ صارف نام پہلے سے موجود ہے' },
  alreadyDecided: { status: 409, en: 'This was already decided', ur: 'اس کا فیصلہ پہلے ہی ہو چکا ہے' },
  moneyRefused: { status: 409, en: 'The money action cannot be applied to this order now', ur: 'یہ رقم کی کارروائی اس آرڈر پر ابھی نہیں ہو سکتی' },
  duplicateReference: {
    status: 409,
    en: 'Another proof with this transaction reference was already accepted',
    ur: 'اس ٹرانزیکشن حوالہ کا ایک اور ثبوت پہلے ہی قبول ہو چکا ہے',
  },
  referencesOffLimits: {
    status: 403,
    en: "This market's rules forbid contacting a borrower's emergency contacts about a loan",
    ur: 'اس مارکیٹ کے قواعد قرض کے سلسلے میں قرض دار کے ہنگامی رابطوں سے رابطے کی اجازت نہیں دیتے',
  },
  outsideContactHours: {
    status: 409,
    en: 'Borrowers may be contacted about a loan only between {from} and {to} Pakistan time',
    ur: 'قرض کے سلسلے میں قرض دار سے صرف پاکستانی وقت کے مطابق {from} سے {to} کے درمیان رابطہ کیا جا سکتا ہے',
  },
  notOverdue: { status: 409, en: 'This loan is not overdue', ur: 'یہ قرض ابھی تاخیر میں نہیں ہے' },
  noFailedPayout: {
    status: 409,
    en: "This order's payout has not failed: there is nothing to retry",
    ur: 'اس آرڈر کی ادائیگی ناکام نہیں ہوئی: دوبارہ بھیجنے کو کچھ نہیں',
  },
  payoutInFlight: {
    status: 409,
    en: 'A payout of this order is still in progress: wait for its result',
    ur: 'اس آرڈر کی ایک ادائیگی ابھی جاری ہے: اس کے نتیجے کا انتظار کریں',
  },
  claimedByOther: {
    status: 409,
    en: '{name} is working on this item until {until}: wait until then, or ask a supervisor to take it over',
    ur: '{name} اس کام پر {until} تک کام کر رہے ہیں: تب تک انتظار کریں، یا کسی سپروائزر سے اسے اپنے ذمے لینے کو کہیں',
  },
  retryPending: {
    status: 409,
    en: 'A payout retry of this order is already waiting for a supervisor: approve or reject that one first',
    ur: 'اس آرڈر کی ادائیگی دوبارہ بھیجنے کی ایک تجویز پہلے ہی سپروائزر کی منظوری کی منتظر ہے: پہلے اسے منظور یا مسترد کریں',
  },
  accountLocked: { status: 423, en: 'Too many wrong tries: the account is locked until {until}', ur: 'بہت زیادہ غلط کوششیں: اکاؤنٹ {until} تک بند ہے' },
  serverError: { status: 500, en: 'Something went wrong, please try again', ur: 'کچھ غلط ہو گیا، دوبارہ کوشش کریں' },
  busy: {
    status: 503,
    en: 'Someone else is changing this right now, nothing was saved: try again',
    ur: 'کوئی اور ابھی اسے تبدیل کر رہا ہے، کچھ محفوظ نہیں ہوا: دوبارہ کوشش کریں',
  },
  rateLimited: { status: 429, en: 'Too many attempts, wait {seconds} seconds', ur: 'بہت زیادہ کوششیں، {seconds} سیکنڈ انتظار کریں' },
} as const satisfies Record<string, { status: number; en: string; ur: string }>;
export type StaffError = keyof typeof STAFF_ERRORS;

export function staffErrorMessage(error: StaffError, lang: string | null | undefined = 'en', vars?: Record<string, string | number>): string {
  let text: string = !lang || lang === 'en' ? STAFF_ERRORS[error].en : STAFF_ERRORS[error].ur;
  if (vars) for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
