/**
 * The error catalogue of docs/wire-protocol.md: every non-zero `code` the server answers,
 * with an English and an Urdu message (errorMessages.ts). The server fills `msg` from there in the language of
 * the `lang` header; the client may use `errorMessage(code, lang)` for its toasts.
 *
 * Shape of `data` on failures:
 * - validationFailed (400100): `data = { fields: { [fieldPath]: i18nKey } }` where fieldPath
 *   is the dotted path of the offending field (e.g. `firstName`, `answers.3.answer`) and
 *   i18nKey is the schema's message key (e.g. `validation.nationalId13`), or
 *   `validation.required` / `validation.invalid` for zod's own issues. Use `fieldErrors()`
 *   from `schemas/common` to build the same map on the client from a ZodError.
 *   A rule on one form's fields (an empty mobile, channelId, orderNo or payOrderId, a
 *   non-integer amount, the two emergency contacts' relation or mobile, state before city,
 *   the account confirmation, the agreement, an unanswered questionnaire) is answered this
 *   way, its message the field's key: it has no code of its own here.
 * - reapplyLater / reapplyAfterWithdrawal: `data = { reapplyAt: ISO string, days: number }` (the latter fills `{days}` and `{date}`)
 * - belowMinimumRepayment: `data = { min: number }` (fills the `{min}` placeholder)
 * - amountOutOfRange / calculatorOutOfRange: `data = { min: number, max: number }`
 * - otpThrottled / rateLimited: `data = { retryAfterSeconds: number }`
 * - requestStale: `data = { serverTime: number }` (Unix seconds)
 * - challengeRequired: `data = { challenge: string, bits: number }`: the nonce `solution` makes SHA-256(challenge + ':' + solution) start with `bits` zero bits
 * - otpInvalid: `data = { triesLeft: number }`
 * - verificationRequired: `data = { purpose: 'moneyAction', reason: 'idle' | 'newAccount' | 'accountChange' }`: ask a code of
 *   that purpose (sent to the registered number), then retry the same call with it as `verifyCode`
 * - accountCodeRequired / otpInvalid / otpExpired / otpLocked on an account change: `data.fields.accountCode`
 * - extensionPastMaxLoanDays: `data = { days: number }` (fills `{days}`)
 * - consentIncomplete: `data = { missing: string[] }` (required permissions not ticked) or `{ version: string }` (the version asked now)
 */
export const ErrorCode = {
  ok: 0,
  // --- session (spec section 8: the client clears its data and logs out on these) ---
  notLoggedIn: 10010301,
  tokenExpired: 10010303,
  loggedInElsewhere: 10010304,
  tokenInvalid: 100103,

  // --- transport / wire (4000xx) ---
  malformedRequest: 400001, // no sealed field, several sealed fields, bad JSON body
  cipherFailed: 400002, // sealed path or params could not be opened
  timestampMissing: 400003, // t missing or not an integer
  packageNameInvalid: 400004, // packageName header missing or not ASCII
  unknownCall: 400005, // logical path / method not in the catalogue
  requestStale: 400020, // t outside the server's freshness window: data.serverTime (Unix s); the client re-seals once with it
  requestReplayed: 400021, // this sealed field was already accepted once (a replay): refused
  validationFailed: 400100, // data.fields names the offending fields
  notFound: 400404, // the thing asked for does not exist (or is not yours)
  bodyTooLarge: 400413,
  rateLimited: 400429,
  callsInProgress: 400430, // too many of this borrower's calls in progress at once: wait for them, then retry
  serverError: 500000,
  serverBusy: 500503, // the database was busy with the same rows (a lock wait ran out): nothing was done, the same call may be sent again after data.retryAfterMs

  // --- security (2001xx) ---
  otpInvalid: 200102, // invalid verification code
  otpExpired: 200103,
  otpLocked: 200104, // too many wrong tries
  otpThrottled: 200105, // asked for a code too soon / too often
  alreadyRegistered: 200106,
  notRegistered: 200107,
  challengeRequired: 200108, // many codes asked from this address: data = { challenge, bits }, solve and ask again with challenge + solution
  verificationRequired: 200109, // a money action after the idle time, or to an account not verified since: code needed
  codeNotSent: 200110, // the SMS gateway refused or did not answer: ask again after the resend wait

  // --- user / KYC (2002xx) ---
  fileMissing: 200210,
  fileTooLarge: 200211,
  fileBadType: 200212,
  ocrFailed: 200213, // recognition failed, restart authentication
  faceFailed: 200214, // the selfie has several faces, or one too small or too blurry (data.problem)
  idFrontMissing: 200215,
  idBackMissing: 200216,
  faceMissing: 200217, // no face photo, or no face found on it (data.problem = 'noFace')
  idBackFirst: 200218, // the back is read or the photos are submitted before the back is uploaded
  frontUnreadable: 200219, // nothing of the card could be read on this side: retake it
  backUnreadable: 200220,
  faceUnreadable: 200221, // the face detector failed on this photo: retake
  cardInfoNull: 200222, // no bank card bound
  cardCodeRequired: 200223, // card mobile differs from login mobile: verification code needed
  uploadQuotaExceeded: 200224, // the user's photos would exceed the per-user storage quota
  // a required field of a side read was not recognised (curpOcr's answer lists them in `missing`)
  cardNumberNull: 200225,
  nameNull: 200226,
  fatherNameNull: 200227,
  birthdayNull: 200228,
  addressNull: 200229,
  consentRequired: 200230, // no agreement to the device permissions (of the current version): data collection refused
  consentIncomplete: 200231, // a required permission not ticked, or an agreement to a version no longer asked; data.permissions / data.version
  accountCodeRequired: 200232, // adding or changing a receiving account: the code sent to the registered number is needed
  holderNameMismatch: 200233, // the account holder is not the borrower (the profile's name)
  faceBusy: 200234, // the face-check queue is full, or the check ran out of time on a loaded machine: the app sends the same photo again after data.retryAfterMs (ms)

  // --- loan (2003xx) ---
  oneLoanAtATime: 200301,
  reapplyLater: 200302,
  orderNotCancellable: 200303,
  amountOutOfRange: 200304,
  productNotFound: 200305,
  orderWrongState: 200306,
  orderTimedOut: 200307,
  creditLimitExceeded: 200308,
  calculatorOutOfRange: 200309,
  tenureNotOffered: 200310,
  exposureCapExceeded: 200311, // market profile: the borrower's loans with every lender and this one above the total cap (data.cap, data.outstanding)
  riskWarningRequired: 200312, // market profile: the risk warning (data.version) not acknowledged before applying
  reapplyAfterWithdrawal: 200313, // market profile: a cooling-off withdrawal less than data.days ago; a new application from data.reapplyAt
  writtenOffNoReapply: 200314, // a loan of the borrower's was written off unpaid (issue 40): no new application (docs/decisions.md)

  // --- repay (2004xx) ---
  duplicatePayment: 200401, // same idempotency key with a different payment
  belowMinimumRepayment: 200403,
  noPaymentMethod: 200407,
  extensionUnavailable: 200408,
  paymentFailed: 200409,
  nothingDue: 200410,
  paymentTimedOut: 200411, // this order has timed out, please try again
  withdrawUnavailable: 200412, // the cooling-off withdrawal is over (or not offered): repay instead
  extensionPastMaxLoanDays: 200413, // market profile: the loan has run the longest a loan may (data.days from its payout, extensions included): no extension is left
  paymentInProgress: 200414, // the provider is still collecting a payment of this loan: its result first

  // --- server storage (5005xx, issue 38) ---
  storageFull: 500507, // the photo could not be stored (the server's disk is full): nothing kept, the app keeps the photo to send again
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
export const LOGOUT_CODES: readonly number[] = [ErrorCode.notLoggedIn, ErrorCode.tokenExpired, ErrorCode.loggedInElsewhere, ErrorCode.tokenInvalid];
