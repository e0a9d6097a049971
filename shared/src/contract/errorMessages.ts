/** The error catalogue's messages (errorCodes.ts says what each code means), English and Urdu: what the server answers in `msg`. */
import { ErrorCode } from './errorCodes';

export const ERROR_MESSAGES: Record<number, { en: string; ur: string }> = {
  [ErrorCode.ok]: { en: 'Success', ur: 'کامیابی' },
  [ErrorCode.notLoggedIn]: { en: 'User not logged in', ur: 'صارف لاگ ان نہیں ہے' },
  [ErrorCode.tokenExpired]: { en: 'Token expired, please login again', ur: 'سیشن ختم ہو گیا ہے، براہ کرم دوبارہ لاگ ان کریں' },
  [ErrorCode.loggedInElsewhere]: { en: 'The account is logged in from another device', ur: 'یہ اکاؤنٹ کسی دوسرے آلے سے لاگ ان ہے' },
  [ErrorCode.tokenInvalid]: { en: 'Token invalid, please login again', ur: 'سیشن درست نہیں ہے، براہ کرم دوبارہ لاگ ان کریں' },

  [ErrorCode.malformedRequest]: { en: 'Malformed request', ur: 'درخواست درست نہیں ہے' },
  [ErrorCode.cipherFailed]: { en: 'The request could not be read', ur: 'درخواست پڑھی نہیں جا سکی' },
  [ErrorCode.timestampMissing]: { en: 'Request timestamp missing or invalid', ur: 'درخواست کا وقت موجود نہیں یا غلط ہے' },
  [ErrorCode.packageNameInvalid]: { en: 'Missing or invalid packageName header', ur: 'پیکیج کا نام موجود نہیں یا غلط ہے' },
  [ErrorCode.unknownCall]: { en: 'Unknown request', ur: 'نامعلوم درخواست' },
  [ErrorCode.validationFailed]: { en: 'Please check the highlighted fields', ur: 'براہ کرم نشان زدہ خانے درست کریں' },
  [ErrorCode.notFound]: { en: 'No data', ur: 'کوئی ڈیٹا نہیں' },
  [ErrorCode.bodyTooLarge]: { en: 'Request too large', ur: 'درخواست بہت بڑی ہے' },
  [ErrorCode.requestStale]: {
    en: 'The request is out of date (check the time on your phone), please try again',
    ur: 'درخواست پرانی ہو گئی ہے (اپنے فون کا وقت چیک کریں)، براہ کرم دوبارہ کوشش کریں',
  },
  [ErrorCode.requestReplayed]: { en: 'This request was already received', ur: 'یہ درخواست پہلے ہی موصول ہو چکی ہے' },
  [ErrorCode.rateLimited]: { en: 'Too many requests, please try again later', ur: 'بہت زیادہ درخواستیں، براہ کرم کچھ دیر بعد کوشش کریں' },
  [ErrorCode.callsInProgress]: {
    en: 'Your previous requests are still being processed, please wait a moment and try again',
    ur: 'آپ کی پچھلی درخواستوں پر ابھی کارروائی جاری ہے، براہ کرم تھوڑی دیر انتظار کریں اور دوبارہ کوشش کریں',
  },
  [ErrorCode.serverError]: { en: 'Request failed, please try again', ur: 'درخواست ناکام ہو گئی، براہ کرم دوبارہ کوشش کریں' },
  [ErrorCode.serverBusy]: {
    en: 'We are busy with your account right now, nothing was changed: please try again in a moment',
    ur: 'ہم ابھی آپ کے اکاؤنٹ پر کام کر رہے ہیں، کچھ تبدیل نہیں ہوا: براہ کرم تھوڑی دیر بعد دوبارہ کوشش کریں',
  },

  [ErrorCode.exposureCapExceeded]: {
    en: 'Your loans with all lenders would be above the limit allowed: borrow less or repay another loan first',
    ur: 'تمام قرض دہندگان سے آپ کے قرضے اجازت شدہ حد سے بڑھ جائیں گے: کم رقم لیں یا پہلے کوئی دوسرا قرض ادا کریں',
  },
  [ErrorCode.riskWarningRequired]: {
    en: 'Please read and accept the risk warning before applying',
    ur: 'درخواست دینے سے پہلے براہ کرم خطرے کی تنبیہ پڑھیں اور قبول کریں',
  },
  [ErrorCode.reapplyAfterWithdrawal]: {
    en: 'You withdrew from a loan in its cooling-off period less than {days} days ago: you can apply again from {date}',
    ur: 'آپ {days} دن سے کم عرصہ پہلے غور و فکر کی مدت میں ایک قرض سے دستبردار ہوئے تھے: آپ {date} سے دوبارہ درخواست دے سکتے ہیں',
  },
  [ErrorCode.writtenOffNoReapply]: {
    en: 'A loan of yours was written off unpaid, so no new loan can be applied for. If you think this is wrong, file a complaint',
    ur: 'آپ کا ایک قرض ادا نہ ہونے پر بٹے کھاتے میں ڈال دیا گیا تھا، اس لیے نئے قرض کی درخواست نہیں دی جا سکتی۔ اگر آپ کے خیال میں یہ غلط ہے تو شکایت درج کریں',
  },
  [ErrorCode.extensionPastMaxLoanDays]: {
    en: 'This loan cannot be extended: a loan may run at most {days} days from its payout, extensions included, and its due date is already the last day',
    ur: 'اس قرض میں توسیع نہیں ہو سکتی: کوئی قرض ادائیگی کی تاریخ سے، توسیع سمیت، زیادہ سے زیادہ {days} دن چل سکتا ہے، اور اس کی واجب الادا تاریخ پہلے ہی آخری دن ہے',
  },
  [ErrorCode.withdrawUnavailable]: {
    en: 'The cooling-off period is over: this loan can only be repaid',
    ur: 'غور و فکر کی مدت ختم ہو چکی ہے: اب یہ قرض صرف ادا کیا جا سکتا ہے',
  },
  [ErrorCode.otpInvalid]: { en: 'Invalid verification code', ur: 'تصدیقی کوڈ غلط ہے' },
  [ErrorCode.verificationRequired]: {
    en: 'For your safety, enter the verification code sent to your registered number',
    ur: 'آپ کی حفاظت کے لیے، اپنے رجسٹرڈ نمبر پر بھیجا گیا تصدیقی کوڈ درج کریں',
  },
  [ErrorCode.otpExpired]: { en: 'The verification code has expired, please request a new one', ur: 'تصدیقی کوڈ کی میعاد ختم ہو گئی، نیا کوڈ حاصل کریں' },
  [ErrorCode.otpLocked]: { en: 'Too many wrong codes, please request a new code', ur: 'بہت زیادہ غلط کوڈ، براہ کرم نیا کوڈ حاصل کریں' },
  [ErrorCode.challengeRequired]: {
    en: 'Many codes were asked from this network: a short check runs first',
    ur: 'اس نیٹ ورک سے بہت سے کوڈ مانگے گئے ہیں: پہلے ایک مختصر جانچ ہو گی',
  },
  [ErrorCode.otpThrottled]: { en: 'Please wait before requesting another code', ur: 'نیا کوڈ مانگنے سے پہلے براہ کرم انتظار کریں' },
  [ErrorCode.codeNotSent]: {
    en: 'The code could not be sent. Please try again in a minute',
    ur: 'کوڈ نہیں بھیجا جا سکا۔ براہ کرم ایک منٹ بعد دوبارہ کوشش کریں',
  },
  [ErrorCode.alreadyRegistered]: {
    en: 'This number has been registered, please login directly',
    ur: 'یہ نمبر پہلے سے رجسٹرڈ ہے، براہ کرم براہ راست لاگ ان کریں',
  },
  [ErrorCode.notRegistered]: { en: 'This number is not registered, please register first', ur: 'یہ نمبر رجسٹرڈ نہیں ہے، پہلے رجسٹر کریں' },

  [ErrorCode.fileMissing]: { en: 'Please choose a photo', ur: 'براہ کرم تصویر منتخب کریں' },
  [ErrorCode.fileTooLarge]: { en: 'The photo is too large', ur: 'تصویر بہت بڑی ہے' },
  [ErrorCode.uploadQuotaExceeded]: {
    en: 'You have uploaded too many photos. Please contact customer service.',
    ur: 'آپ نے بہت زیادہ تصاویر اپ لوڈ کی ہیں۔ براہ کرم کسٹمر سروس سے رابطہ کریں۔',
  },
  [ErrorCode.consentRequired]: { en: 'Please agree to the device permissions first', ur: 'براہ کرم پہلے آلے کی اجازتوں سے اتفاق کریں' },
  [ErrorCode.consentIncomplete]: { en: 'Please agree to the required permissions to continue', ur: 'آگے بڑھنے کے لیے براہ کرم ضروری اجازتوں سے اتفاق کریں' },
  [ErrorCode.fileBadType]: { en: 'Format incorrect: please upload a JPEG or PNG photo', ur: 'فارمیٹ درست نہیں: براہ کرم JPEG یا PNG تصویر اپ لوڈ کریں' },
  [ErrorCode.ocrFailed]: { en: 'Recognition failed, please restart authentication', ur: 'شناخت ناکام ہو گئی، براہ کرم دوبارہ تصدیق شروع کریں' },
  [ErrorCode.idFrontMissing]: { en: 'ID front not chosen', ur: 'شناختی کارڈ کا سامنے کا رخ منتخب نہیں کیا گیا' },
  [ErrorCode.idBackMissing]: { en: 'ID back not chosen', ur: 'شناختی کارڈ کا پچھلا رخ منتخب نہیں کیا گیا' },
  [ErrorCode.faceMissing]: { en: 'Please complete face recognition', ur: 'براہ کرم چہرے کی شناخت مکمل کریں' },
  [ErrorCode.faceFailed]: {
    en: 'Face recognition failed: retake a clear photo of your face alone, close to the camera',
    ur: 'چہرے کی شناخت ناکام ہو گئی: صرف اپنے چہرے کی صاف تصویر، کیمرے کے قریب سے، دوبارہ لیں',
  },
  [ErrorCode.idBackFirst]: { en: 'Please upload the back side first', ur: 'براہ کرم پہلے پچھلا رخ اپ لوڈ کریں' },
  [ErrorCode.frontUnreadable]: { en: 'Front failed to identify, please retake', ur: 'سامنے کے رخ کی شناخت نہیں ہو سکی، براہ کرم دوبارہ تصویر لیں' },
  [ErrorCode.backUnreadable]: { en: 'Back failed to identify, please retake', ur: 'پچھلے رخ کی شناخت نہیں ہو سکی، براہ کرم دوبارہ تصویر لیں' },
  [ErrorCode.faceUnreadable]: { en: 'Face failed to identify, please retake', ur: 'چہرے کی شناخت نہیں ہو سکی، براہ کرم دوبارہ تصویر لیں' },
  [ErrorCode.faceBusy]: {
    en: 'Many photos are being checked right now: your photo is kept and sent again in a moment',
    ur: 'اس وقت بہت سی تصاویر جانچی جا رہی ہیں: آپ کی تصویر محفوظ ہے اور کچھ دیر میں دوبارہ بھیجی جائے گی',
  },
  [ErrorCode.cardNumberNull]: {
    en: 'Card number not recognised: please retake the front side',
    ur: 'کارڈ نمبر پڑھا نہیں جا سکا: براہ کرم سامنے کے رخ کی دوبارہ تصویر لیں',
  },
  [ErrorCode.nameNull]: { en: 'Name not recognised: please retake the front side', ur: 'نام پڑھا نہیں جا سکا: براہ کرم سامنے کے رخ کی دوبارہ تصویر لیں' },
  [ErrorCode.fatherNameNull]: {
    en: 'Father name not recognised: please retake the front side',
    ur: 'والد کا نام پڑھا نہیں جا سکا: براہ کرم سامنے کے رخ کی دوبارہ تصویر لیں',
  },
  [ErrorCode.birthdayNull]: {
    en: 'Birthday not recognised: please retake the front side',
    ur: 'تاریخ پیدائش پڑھی نہیں جا سکی: براہ کرم سامنے کے رخ کی دوبارہ تصویر لیں',
  },
  [ErrorCode.addressNull]: { en: 'Address not recognised: please retake the back side', ur: 'پتہ پڑھا نہیں جا سکا: براہ کرم پچھلے رخ کی دوبارہ تصویر لیں' },
  [ErrorCode.cardInfoNull]: { en: 'The card info is null', ur: 'کارڈ کی معلومات موجود نہیں' },
  [ErrorCode.cardCodeRequired]: { en: 'Verification code cannot be empty', ur: 'تصدیقی کوڈ خالی نہیں ہو سکتا' },
  [ErrorCode.accountCodeRequired]: {
    en: 'Enter the verification code sent to your registered number to change where your money goes',
    ur: 'رقم وصول کرنے والا اکاؤنٹ بدلنے کے لیے اپنے رجسٹرڈ نمبر پر بھیجا گیا تصدیقی کوڈ درج کریں',
  },
  [ErrorCode.holderNameMismatch]: {
    en: 'The account holder must be you: use the name in your personal information',
    ur: 'اکاؤنٹ ہولڈر آپ خود ہونے چاہئیں: اپنی ذاتی معلومات والا نام استعمال کریں',
  },

  [ErrorCode.oneLoanAtATime]: { en: 'You already have a loan in progress: one loan at a time', ur: 'آپ کا ایک قرض پہلے سے جاری ہے: ایک وقت میں ایک قرض' },
  [ErrorCode.reapplyLater]: { en: 'You cannot apply now, please reapply later', ur: 'آپ ابھی درخواست نہیں دے سکتے، براہ کرم بعد میں دوبارہ درخواست دیں' },
  [ErrorCode.orderNotCancellable]: { en: 'This order cannot be cancelled', ur: 'یہ آرڈر منسوخ نہیں کیا جا سکتا' },
  [ErrorCode.amountOutOfRange]: { en: 'The amount is outside the allowed range', ur: 'رقم اجازت شدہ حد سے باہر ہے' },
  [ErrorCode.productNotFound]: { en: 'Loan product not available', ur: 'قرض کی یہ پیشکش دستیاب نہیں' },
  [ErrorCode.orderWrongState]: { en: 'This action is not possible for the order now', ur: 'اس آرڈر پر یہ عمل ابھی ممکن نہیں' },
  [ErrorCode.orderTimedOut]: { en: 'This order has timed out, please try again', ur: 'اس آرڈر کا وقت ختم ہو گیا، براہ کرم دوبارہ کوشش کریں' },
  [ErrorCode.creditLimitExceeded]: { en: 'The amount exceeds your credit limit', ur: 'رقم آپ کی کریڈٹ حد سے زیادہ ہے' },
  [ErrorCode.calculatorOutOfRange]: { en: 'Please enter an amount within the allowed range', ur: 'براہ کرم اجازت شدہ حد کے اندر رقم درج کریں' },
  [ErrorCode.tenureNotOffered]: { en: 'This tenure is not offered for the product', ur: 'اس پیشکش کے لیے یہ مدت دستیاب نہیں' },

  [ErrorCode.duplicatePayment]: { en: 'This payment was already submitted', ur: 'یہ ادائیگی پہلے ہی جمع ہو چکی ہے' },
  [ErrorCode.belowMinimumRepayment]: { en: 'The minimum repayment amount is {min}', ur: 'کم از کم ادائیگی کی رقم {min} ہے' },
  [ErrorCode.noPaymentMethod]: { en: 'No payment method, please choose another channel', ur: 'ادائیگی کا طریقہ دستیاب نہیں، دوسرا ذریعہ منتخب کریں' },
  [ErrorCode.extensionUnavailable]: { en: 'Extension is not available for this loan', ur: 'اس قرض کے لیے توسیع دستیاب نہیں' },
  [ErrorCode.paymentFailed]: { en: 'Payment failed, please try again', ur: 'ادائیگی ناکام ہو گئی، براہ کرم دوبارہ کوشش کریں' },
  [ErrorCode.nothingDue]: { en: 'Nothing is due on this loan', ur: 'اس قرض پر کوئی رقم واجب الادا نہیں' },
  [ErrorCode.paymentTimedOut]: { en: 'This order has timed out, please try again', ur: 'اس آرڈر کا وقت ختم ہو گیا، براہ کرم دوبارہ کوشش کریں' },
  [ErrorCode.paymentInProgress]: {
    en: 'A payment of this loan is being processed. Please wait for its result',
    ur: 'اس قرض کی ایک ادائیگی پر کارروائی ہو رہی ہے، براہ کرم اس کے نتیجے کا انتظار کریں',
  },

  // --- server storage (issue 38) ---
  [ErrorCode.storageFull]: {
    en: 'We could not save your photo right now, please send it again in a few minutes',
    ur: 'ہم ابھی آپ کی تصویر محفوظ نہیں کر سکے، براہ کرم چند منٹ بعد دوبارہ بھیجیں',
  },
};

/** The message for a code in en or ur (any other value means ur); `{name}` placeholders filled from vars. */
export function errorMessage(code: number, lang: string | null | undefined = 'en', vars?: Record<string, string | number>): string {
  const entry = ERROR_MESSAGES[code] ?? ERROR_MESSAGES[ErrorCode.serverError];
  let text = !lang || lang === 'en' ? entry.en : entry.ur;
  if (vars) for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
