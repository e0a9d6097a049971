/**
 * THE product and policy configuration (decisions.md): every figure lives here, is seeded
 * into the products table and served to clients (/loanMarket/config, product lists).
 * Handlers never hold these numbers as literals.
 */
import type { DEVICE_PERMISSIONS, SalaryBand } from '../api/contract';
import { z } from 'zod';
import C from '../api/contract';

export type DevicePermission = (typeof DEVICE_PERMISSIONS)[number];
/** every permission of the contract, each asked or not */
type PermissionPolicy = { [K in DevicePermission]: { enabled: boolean; required: boolean } };

/**
 * A product's terms, as seeded and as copied into each order (`orders.terms`): parsed with this
 * schema wherever they are read back (`parseTerms`), so a JSON column is checked at the repository
 * edge and an order taken before a term existed gets its default here, not in each caller.
 */
const ProductTermsSchema = z.object({
  id: z.string(),
  name: z.string(),
  lenderName: z.string(),
  minAmount: z.number(),
  maxAmount: z.number(),
  step: z.number(),
  tenures: z.array(z.number().int()),
  /** percent per day */
  dailyInterestRate: z.number(),
  /** percent of the loan amount: deducted upfront, or collected with repayment (`chargesUpfront`) */
  processingFeeRate: z.number(),
  /** percent of the processing fee */
  taxRate: z.number(),
  /** percent of principal per overdue day; total capped at the principal */
  penaltyRatePerDay: z.number(),
  extensionEnabled: z.boolean(),
  extensionDays: z.number().int(),
  /** percent of the principal */
  extensionFeeRate: z.number(),
  /** paid extensions allowed on one loan (orders taken before the limit existed carry none) */
  maxExtensions: z
    .number()
    .int()
    .nonnegative()
    .default(() => DEFAULT_MAX_EXTENSIONS),
  minRepayment: z.number(),
  /** offered (and listed) only to borrowers with an on-time repayment */
  reloanOnly: z.boolean(),
  /** the product's label: a marketing tag here; `reloan` and `longTerm` follow from the terms (market/profile.ts tagOf) */
  tag: z.string().nullable(),
  sort: z.number(),
  /**
   * The market profile's pricing rules (market/profile.ts, stamped at seed; an order keeps the ones it
   * was taken under; orders from before the profiles get the spec's): the fee and its tax deducted from
   * the amount paid out, or owed with the repayment; every charge of the loan together at most this
   * percent of the principal; the hours after the payout in which the borrower may withdraw, and the days
   * a new application waits after such a withdrawal; the most days a loan may run, extensions included.
   */
  chargesUpfront: z.boolean().default(true),
  totalCostCapPercent: z.number().positive().nullable().default(null),
  coolingOffHours: z.number().positive().nullable().default(null),
  reapplyAfterWithdrawalDays: z.number().int().positive().nullable().default(null),
  /** the loan's whole life, payout to its last due date, extensions included, at most this many days (market profile; null: no bound) */
  maxLoanDays: z.number().int().positive().nullable().default(null),
});
export type ProductTerms = z.output<typeof ProductTermsSchema>;

/** Terms read back from a JSON column (a string from PGlite's text, an object from PostgreSQL's jsonb). */
export const parseTerms = (v: unknown): ProductTerms => ProductTermsSchema.parse(typeof v === 'string' ? JSON.parse(v) : v);

export const TAX_RATE = 18;
export const MAX_ANNUAL_INTEREST = 36;
/** paid extensions per loan unless a product says otherwise (also for orders taken before the limit existed) */
export const DEFAULT_MAX_EXTENSIONS = 2;

const base = {
  minAmount: 1_000,
  maxAmount: 60_000,
  step: 500,
  taxRate: TAX_RATE,
  penaltyRatePerDay: 2,
  extensionEnabled: true,
  extensionDays: 30,
  extensionFeeRate: 5,
  maxExtensions: DEFAULT_MAX_EXTENSIONS,
  minRepayment: 1_000,
  reloanOnly: false,
};

/** the spec's products (their pricing rules the schema's defaults); market/profile.ts `productsOf` gives a profile's */
export const PRODUCTS: ProductTerms[] = (
  [
    {
      ...base,
      id: 'P001',
      name: 'Sahulat Starter',
      lenderName: 'Sahulat Finance',
      tenures: [91],
      dailyInterestRate: 0.09,
      processingFeeRate: 3,
      tag: 'firstLoan',
      sort: 1,
    },
    {
      ...base,
      id: 'P002',
      name: 'Roshan Flex',
      lenderName: 'Roshan Credit',
      tenures: [91, 180],
      dailyInterestRate: 0.08,
      processingFeeRate: 4,
      tag: null,
      sort: 2,
    },
    {
      ...base,
      id: 'P003',
      name: 'Kamyab Plus',
      lenderName: 'Kamyab Microfinance',
      minAmount: 5_000,
      tenures: [180, 365],
      dailyInterestRate: 0.07,
      processingFeeRate: 5,
      tag: null,
      sort: 3,
    },
    {
      ...base,
      id: 'P004',
      name: 'Sahulat Reloan',
      lenderName: 'Sahulat Finance',
      tenures: [91, 180, 365],
      dailyInterestRate: 0.01,
      processingFeeRate: 2,
      reloanOnly: true,
      tag: null,
      sort: 4,
    },
  ] satisfies z.input<typeof ProductTermsSchema>[]
).map((p) => ProductTermsSchema.parse(p));

export const POLICY = {
  currency: 'PKR',
  /** the market the API serves (country calls) */
  market: { countryCode: 'PK', name: 'Pakistan', dialCode: '+92', languages: ['en', 'ur'], timezone: C.PAKISTAN_TIME_ZONE },
  /** the version of the loan agreement's text (loanAgreement, confirmProductInfo) */
  loanAgreementVersion: '1.0',
  /** the spec's credit limit ladder: first loan cap, then after each on-time repayment the next rung (reloan 30,000, then product max); a market profile may set its own (market/profile.ts) */
  creditLadder: [5_000, 30_000, 60_000],
  /** marketing ceiling (500,000 claim): not shown unless configured */
  maxCreditLimit: null as number | null,
  calculator: { min: 3_000, max: 25_000, defaultProductId: 'P001' },
  /** a product is labelled "long term" when its shortest tenure is at least this (market/profile.ts tagOf; docs/decisions.md) */
  longTermDays: 180,
  reviewCountdownSeconds: 300,
  reviewCopyMinutes: { min: 5, max: 10 },
  reviewMaxHours: 24,
  disbursalCopyMinutes: { min: 10, max: 60 },
  reapplyDays: 30,
  /** interest accrues per day the money is held, never for fewer than this many days */
  minInterestDays: 1,
  orderExpiryHours: 24,
  proofCheckHours: 48,
  repaymentConfirmMinutes: 15,
  paymentExpiryMinutes: 30,
  /** the repayment detail lists this many of the order's latest payments */
  paymentsListed: 20,
  /** the rails (usecases/transfers.ts): transfers asked about and due refunds handed over per job run; rows an operations list answers */
  rails: { inquiriesPerRun: 200, refundsPerRun: 200, listed: 200 },
  /**
   * The credit bureau's monthly file (usecases/bureauReport.ts): a file sent without an answer, or held because its
   * totals were not the ledger's, is tried again this long (business time) after the last try; loans are read in
   * batches of this many orders.
   */
  bureau: { retryMinutes: 60, batch: 500 },
  cardCoupon: 100,
  /** photos (CNIC, face, proof): refused above maxPixels (a phone camera is 12-50 MP), stored at most storedMaxSide px on the longer side */
  uploads: {
    maxPixels: 50_000_000,
    storedMaxSide: 2_400,
    /** proof photos not (yet) attached to a proof: a new one beyond this replaces the oldest */
    maxUnusedProofs: 3,
    /** how long the disk store's readiness answer (free space, a test write) is kept: the balancer asks every 0.5 s */
    storeProbeCacheMs: 2_000,
  },
  /** CNIC reading (ocr.ts): worker threads, how long one read may run (then its worker is replaced), how long a read may wait for a worker */
  ocr: { workers: 2, timeoutMs: 20_000, maxWaitMs: 25_000, maxQueue: 16 },
  /**
   * Selfie check (face.ts): detector worker threads, time-out and wait as for the OCR; the photo is analysed at most
   * analysedMaxSide px, the detector sees it at inputSize px (a multiple of 32; larger finds smaller faces, slower)
   * and keeps faces scored at least minScore. One face only, its box at least minFaceRatio of the photo's width or
   * height, and sharp: the variance of the Laplacian of the face region (greyscale, sharpnessSide px square) at
   * least minSharpness (measured: sharp phone selfies well above, a face blurred by a 4 px Gaussian below).
   * Workers: FACE_WORKERS (default: the machine's cores, config.ts); at most queuePerWorker checks wait per worker,
   * beyond that (or after maxWaitMs) the check answers faceBusy with retryAfterMs and the app sends it again itself.
   */
  face: {
    // wait + run stay under the app's request time-out (REQUEST_TIMEOUT_MS, 60 s); a check runs ~50 ms on an idle core (WebAssembly backend; 1.7 s on the JavaScript one it had), seconds on a loaded one
    timeoutMs: 30_000,
    maxWaitMs: 25_000,
    queuePerWorker: 4,
    retryAfterMs: 3_000,
    analysedMaxSide: 640,
    inputSize: 320,
    minScore: 0.5,
    minFaceRatio: 0.2,
    sharpnessSide: 128,
    minSharpness: 50,
  },
  serviceHours: '9:00-18:00',
  /** the home page's "lent lately" figures cover this many days */
  lendingRecordDays: 7,
  /** applicants who get no loan: their data is deleted this many days after the final decision (jobs.ts; default of RETENTION_DAYS) */
  retentionDays: 7,
  /** days before the due date the repay card turns "due soon" */
  dueSoonDays: 3,
  /**
   * resendSeconds: between two codes of one purpose to a number; maxPerDay: codes to a number in 24 h in
   * each class (login/register, the borrower's own step-up and account codes, codes to a number a
   * signed-in borrower names); authPerAddressPerDay: login/register codes one address may ask for one
   * number in 24 h (usecases/otpBudgets.ts)
   */
  otp: { length: 6, expirySeconds: 600, resendSeconds: 60, maxPerDay: 10, authPerAddressPerDay: 5, maxTries: 5 },
  /** OTP abuse: the windows of the global and per-prefix ceilings and of an address's free requests (counts in config), a challenge's life */
  otpAbuse: { ceilingWindowSeconds: 3600, challengeWindowSeconds: 3600, challengeTtlSeconds: 300 },
  /**
   * Money actions (get money, repayment confirm, extension, account changes) after this many seconds
   * without a code entered or a money action ask for a code again (default of MONEY_IDLE_SECONDS).
   */
  moneyIdleSeconds: 900,
  /** a borrower's session ends after this many days without a call (default of SESSION_IDLE_DAYS) */
  sessionIdleDays: 7,
  /** a session's last call is written at most this often (the idle limit counts in days: no write per call) */
  sessionSeenWriteMs: 5 * 60_000,
  /**
   * Operations staff (src/staff/): a lock after STAFF_LOCKOUT_TRIES wrong sign-ins lasts `lockoutMinutes`; one
   * username may try `signInsPerAccountPerMinute` sign-ins a minute from all addresses together (the address
   * limit is STAFF_SIGNIN_RATE_MAX); `auditPageMax` entries at most per page of the audit trail
   */
  /** passwordCost: scrypt's N as a power of two (staff/password.ts); a queue item opened by a member is theirs for `claimMinutes` (services/queueClaims.ts) */
  staff: { passwordCost: 16, claimMinutes: 30, lockoutMinutes: 15, signInsPerAccountPerMinute: 10, auditPageMax: 500, listPageMax: 200, revealReasonMin: 10 },
  /**
   * An application held for a person (REVIEW_MANUAL_BAND) is answered within `answerWorkingDays` (the spec's "audit
   * results within 1 working day"); working days are these weekdays in Pakistan (0 Sunday .. 6 Saturday; no holiday calendar)
   */
  manualReview: { answerWorkingDays: 1, workingWeekdays: [1, 2, 3, 4, 5] as readonly number[] },
  /** collections: a promise to pay at most `promiseMaxDays` Pakistan days ahead */
  collections: { promiseMaxDays: 30 },
  /** the latest account-change notices shown where the accounts are */
  accountNoticesShown: 5,
  /**
   * Notices and reminders (domain/notices.ts): no text is sent between `quietFromHour` and `quietToHour` Pakistan time
   * (held till the morning); the inbox shows the latest
   * `inboxShown`; one job run sends at most `sendsPerRun` texts; a text still claimed `unknownAfterMinutes` after its run
   * claimed it was left by a crash (usecases/notices.ts settleStuckTexts)
   */
  notices: { quietFromHour: 21, quietToHour: 9, inboxShown: 50, sendsPerRun: 200, unknownAfterMinutes: 30 },
  /** web push of a notice: how long the push service keeps it for a device that is off (then it is dropped), the longest wait for the service, and the page a tap on it opens */
  push: { ttlSeconds: 24 * 3600, timeoutMs: 5_000, openPath: '/#/user/inbox' },
  /**
   * reminders (domain/notices.ts reminderOn): one on each of these Pakistan days before the due date (0: on it), once
   * per order and day; their text says "due today", "due tomorrow" or "due in N days"
   */
  reminders: { daysBefore: [3, 1, 0] as readonly number[] },
  /** review scoring (transparent rule, see README; domain/scoring.ts): approve when score >= threshold */
  scoring: {
    threshold: 50,
    /** age on the scoring day: within [primeMin, primeMax] scores `prime`, any other adult age `other` */
    age: { primeMin: 21, primeMax: 60, prime: 20, other: 10 },
    /** points per work type (others score nothing) */
    employment: { employee: 15, self_employed: 10 } as Record<string, number>,
    /** living in one's own house */
    ownHouse: 5,
    /** questionnaire answers that cost points */
    answers: [
      { question: 1, answers: ['yes'], points: -30 }, // defaulted in the last 6 months
      { question: 2, answers: ['yes'], points: -30 }, // on a credit bureau
      { question: 6, answers: ['31-60', '61-90', 'over90'], points: -15 }, // longest delay over 30 days
      { question: 11, answers: ['over10'], points: -20 }, // more than 10 overdue digital loans
    ],
    /**
     * per salary band: the monthly income (PKR) the rules count with (the band's floor; the
     * lowest band 15,000) and the points it scores
     */
    salaryBands: {
      under29999: { monthly: 15_000, points: 20 },
      '30000-49999': { monthly: 30_000, points: 30 },
      '50000-99999': { monthly: 50_000, points: 35 },
      '100000-149999': { monthly: 100_000, points: 35 },
      over150000: { monthly: 150_000, points: 35 },
    } satisfies Record<SalaryBand, { monthly: number; points: number }>,
    /** borrowed elsewhere more than this many months' income costs `borrowedTooMuch` points */
    borrowedMonthsOfIncome: 3,
    borrowedTooMuch: -10,
  },
  /**
   * Device permissions, per market: whether each is asked at all, and whether the step needs it
   * (the data policy and the permission screen both say it from here).
   */
  permissions: {
    contacts: { enabled: false, required: false },
    sms: { enabled: false, required: false },
    installedApps: { enabled: false, required: false },
    location: { enabled: true, required: false },
    storage: { enabled: true, required: true },
    camera: { enabled: true, required: true },
    deviceInfo: { enabled: true, required: false },
  } satisfies PermissionPolicy as PermissionPolicy,
  /** the version of the permissions agreement: raise it when the list above or its texts change, and every borrower is asked again */
  permissionsAgreementVersion: '2025-06-1',
  /** data collection gate (upload-time calls) */
  lendingAppPackages: ['com.easypaisa.loan', 'com.jazzcash.loan', 'pk.barwaqt', 'com.sarmaya.app', 'com.finja.app'],
  repayColors: { repaying: '#1E88E5', overdue: '#E53935', dueSoon: '#FB8C00', finished: '#43A047' },
  bankTransfer: {
    accountName: `${C.BRAND_NAME.en} Collections`,
    /** in the bank list (server/src/settings/banks.ts): Meezan Bank */
    bankIndex: 18,
    accountNumber: '0101234567890123',
    iban: 'PK10MEZN0001010123456789',
  },
  /** names in each interface language; the call answers in the borrower's */
  cashierChannels: [
    { channelId: 'card', names: { en: 'Debit card', ur: 'ڈیبٹ کارڈ' }, type: 'card' as const, enabled: true },
    { channelId: 'easypaisa', names: { en: 'Easypaisa', ur: 'ایزی پیسہ' }, type: 'wallet' as const, enabled: true },
    { channelId: 'jazzcash', names: { en: 'JazzCash', ur: 'جاز کیش' }, type: 'wallet' as const, enabled: true },
    { channelId: 'netbanking', names: { en: 'Net banking', ur: 'نیٹ بینکنگ' }, type: 'bank' as const, enabled: true },
  ],
  appDownload: { android: 'https://play.google.com/store/apps/details?id=pk.loanmarket.app', ios: null as string | null, version: '1.0.0' },
};
