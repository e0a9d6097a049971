/**
 * Building blocks shared by the per-module schemas. Schema messages are i18n KEYS
 * (`validation.*`), never sentences: the front-end translates them, the server puts them
 * in `data.fields` of a validationFailed (400100) answer.
 */
import './noEval'; // first: whichever schema file a page imports, zod compiles no code in a browser (the CSP has no 'unsafe-eval')
import { z } from 'zod';
import { PK_MOBILE_RE, OTP_LENGTH } from '../limits';
import { ORDER_STATUSES, HOME_STATUSES, ORDER_STATUS_TEXTS } from '../status';

/** Money: whole rupees. */
export const money = z.number({ error: 'validation.amountInteger' }).int('validation.amountInteger');
export const isoDateTime = z.string(); // ISO 8601 UTC, e.g. 2025-01-31T10:00:00.000Z
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/); // YYYY-MM-DD (Pakistan time)

/** true when YYYY-MM-DD or YYYY-MM (day 1) names a real calendar day; never throws, whatever the text */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 1 : Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}
/**
 * Every date a request carries: the format and a real calendar day, checked without building a
 * Date from the raw text ("NaN", "Infinity", "0x10"... are field errors, never a thrown RangeError).
 * `month` also takes YYYY-MM.
 */
export const requestDate = (key: string, { month = false } = {}) =>
  z
    .string({ error: key })
    .trim()
    .regex(month ? /^\d{4}-\d{2}(-\d{2})?$/ : /^\d{4}-\d{2}-\d{2}$/, key)
    .refine(isCalendarDate, key);

export const mobile = z
  .string({ error: 'validation.mobileRequired' })
  .trim()
  .min(1, 'validation.mobileRequired')
  .regex(PK_MOBILE_RE, 'validation.mobileInvalid');
export const otpCode = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, 'validation.codeRequired')
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'validation.codeInvalid');
/** a moneyAction code, sent when a money call answered verificationRequired (then the call is retried with it) */
export const verifyCode = otpCode.optional();
export const orderNo = z.string({ error: 'validation.orderNoRequired' }).trim().min(1, 'validation.orderNoRequired').max(64);
/** A client-chosen key that makes a payment call safe to retry (same key = same payment). */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.idempotencyKey');

export const Ack = z.object({ ok: z.boolean() });

export const orderStatus = z
  .number()
  .int()
  .refine((v) => (ORDER_STATUSES as number[]).includes(v), 'validation.orderStatus');
export const homeStatusSchema = z.enum(HOME_STATUSES);
export const orderStatusText = z.enum(ORDER_STATUS_TEXTS);

/** Normalises a Pakistani mobile to its 10 national digits (3XXXXXXXXX). */
export function normalizeMobile(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.replace(/^(?:92|0)(?=3\d{9}$)/, '');
}

/**
 * A phone as people write or store it (+92 300 1234567, 0092-300-1234567, 0300 1234567,
 * 3001234567) as its 10 national digits, or null when it cannot be a Pakistani mobile.
 */
export function pakistaniMobile(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '').replace(/^0092/, '92');
  return PK_MOBILE_RE.test(digits) ? normalizeMobile(digits) : null;
}

/**
 * The `data.fields` map of a validationFailed answer, from zod issues: dotted path to the
 * schema's i18n key; zod's own messages become `validation.required` (missing value) or
 * `validation.invalid`. The first issue per field wins.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (out[path]) continue;
    if (issue.message.startsWith('validation.')) out[path] = issue.message;
    else if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) out[path] = 'validation.required';
    else out[path] = 'validation.invalid';
  }
  return out;
}

/** The loan figures every loan screen shows (decisions.md: fee, tax, interest, disbursal, total, due date, APR). */
export const LoanFigures = z.object({
  loanAmount: money,
  durationDays: z.number().int(),
  dailyInterestRate: z.number(), // percent per day, e.g. 0.09
  processingFeeRate: z.number(), // percent of the loan amount, deducted upfront
  taxRate: z.number(), // percent of the processing fee (18)
  processingFee: money,
  feeTax: money,
  /** the whole tenure's interest with the principal repaid so far (what is owed for it on the due date) */
  interest: money,
  /** "markup" is the Pakistani name for interest: same figure as `interest` */
  markupFee: money,
  disbursalAmount: money, // loanAmount - processingFee - feeTax
  /** the card coupon taken off what this loan owes (decisions.md): its own line on every screen showing a total; 0 if none */
  reduction: money,
  totalRepayable: money, // loanAmount + interest - reduction (before any penalty), on the due date
  /** interest accrues per day held (at least minInterestDays) on the principal still owed that day, up to `interest` for the whole tenure */
  minInterestDays: z.number().int(),
  /** days the money has been held so far (null before disbursal) */
  daysHeld: z.number().int().nullable(),
  /** interest for the days held so far: what repaying today costs (equals `interest` before disbursal) */
  interestAccrued: money,
  dueDate: isoDate,
  /** all-in annual cost in percent of what the borrower pays: (fee + tax + interest - reduction) / disbursal * 365 / days * 100 (server domain/figures.ts aprOf) */
  apr: z.number(),
  /** annual interest rate in percent (dailyInterestRate * 365), never above 36 */
  annualInterestRate: z.number(),
  penaltyRatePerDay: z.number(), // percent of principal per overdue day
  overdueDays: z.number().int(),
  overdueFee: money, // penalty accrued, capped at the principal (and within the market's total-cost cap)
  /**
   * Market profile (issue 29): false when the fee and its tax are not deducted but owed with the repayment
   * (then disbursalAmount == loanAmount and totalRepayable includes them); absent means true (the spec's)
   */
  chargesUpfront: z.boolean().optional(),
});
export type LoanFigures = z.infer<typeof LoanFigures>;

export const BankCardView = z.object({
  cardId: z.number().int(),
  role: z.enum(['primary', 'backup']),
  cardType: z.enum(['bank', 'Easypaisa', 'Jazzcash', 'IBAN']),
  bankIndex: z.number().int().nullable(),
  bankName: z.string(),
  /** the bank's code in the bank list (/user/bank/list), or for an IBAN the bank identifier it carries */
  bankCode: z.string().nullable(),
  cardHolder: z.string(),
  /** masked: only the last 4 characters shown */
  accountMasked: z.string(),
  createdAt: isoDateTime,
});
export type BankCardView = z.infer<typeof BankCardView>;

export const OrderEvent = z.object({
  /** one of ORDER_EVENT_TYPES */
  type: z.string(),
  status: z.number().int(),
  at: isoDateTime,
  note: z.string().nullable(),
});

/** Pakistan calendar days from the server's today to a due date (0 on the day, negative past it): "due soon" is read from it, never from the phone's date */
const daysToDue = z.number().int();

export const ScheduleItem = z.object({
  installment: z.number().int(),
  dueDate: isoDate,
  daysToDue,
  principal: money,
  interest: money,
  /** the fee and its tax when collected with the repayment (market profile); absent or 0 when deducted upfront */
  charges: money.optional(),
  penalty: money,
  /** the extensions' own fees charged, in `total` */
  extensionFees: money.optional(),
  /** the coupon reduction, already taken off `total` */
  reduction: money,
  total: money,
  paid: money,
  status: z.enum(['pending', 'paid', 'overdue']),
});

export const OrderSummary = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  statusText: orderStatusText,
  productId: z.string(),
  productName: z.string(),
  lenderName: z.string(),
  amount: money,
  tenureDays: z.number().int(),
  createdAt: isoDateTime,
  dueDate: isoDate.nullable(),
  /** null until paid out */
  daysToDue: daysToDue.nullable(),
  amountDue: money,
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const Order = OrderSummary.extend({
  homeStatus: homeStatusSchema,
  figures: LoanFigures,
  /** every rupee the borrower's payments took off the loan: principal, interest, overdue fee, extension fees and the fee paid with the repayment (not what is owed back) */
  amountPaid: money,
  /** the coupon reduction (figures.reduction): taken off, or to be taken off at payout */
  reduction: money,
  updatedAt: isoDateTime,
  submittedAt: isoDateTime.nullable(),
  /** end of the review-tips countdown (submittedAt + configured review seconds) */
  reviewEndsAt: isoDateTime.nullable(),
  /** seconds of the review countdown left by the server's clock (0..reviewCountdownSeconds) while under review, else null */
  reviewSecondsLeft: z.number().int().nullable(),
  decidedAt: isoDateTime.nullable(),
  /** unconfirmed approved orders (14/18) are cancelled at this time */
  confirmExpiresAt: isoDateTime.nullable(),
  lendingAt: isoDateTime.nullable(),
  disbursedAt: isoDateTime.nullable(),
  paidOffAt: isoDateTime.nullable(),
  /** when rejected, or withdrawn under cooling-off (the wait of its terms): earliest new application */
  reapplyAt: isoDateTime.nullable(),
  cancelReason: z.string().nullable(),
  failReason: z.string().nullable(),
  extensionCount: z.number().int(),
  bankCard: BankCardView.nullable(),
  history: z.array(OrderEvent),
  schedule: z.array(ScheduleItem),
  /**
   * Market profile (issue 29): while the cooling-off period runs, the borrower may withdraw by
   * returning `amount` (the principal only, no fee, interest or tax) until `until`; after a withdrawal
   * a new application waits `reapplyDays` days (null: no wait); null otherwise
   */
  coolingOff: z.object({ until: isoDateTime, amount: money, reapplyDays: z.number().int().nullable() }).nullable().optional(),
  /**
   * Issue 40: the application's score fell in the lender's manual review band, so a person is checking it (the spec's
   * "audit results within 1 working day"); `answerBy` is that service clock. Null otherwise (absent from older servers)
   */
  manualReview: z.object({ since: isoDateTime, answerBy: isoDateTime }).nullable().optional(),
});
export type Order = z.infer<typeof Order>;

/** a market profile's licensed lender: full corporate name, licence, and the brands (products' lenderName) lending under it (absent from servers before issue 45) */
export const LicensedLender = z.object({ corporateName: z.string(), licence: z.string(), brands: z.array(z.string()).optional() });
export type LicensedLender = z.infer<typeof LicensedLender>;

export const Product = z.object({
  productId: z.string(),
  name: z.string(),
  lenderName: z.string(),
  minAmount: money,
  maxAmount: money,
  step: money,
  tenures: z.array(z.number().int()),
  dailyInterestRate: z.number(),
  annualInterestRate: z.number(),
  processingFeeRate: z.number(),
  taxRate: z.number(),
  penaltyRatePerDay: z.number(),
  extensionEnabled: z.boolean(),
  extensionDays: z.number().int(),
  extensionFeeRate: z.number(),
  minRepayment: money,
  reloanOnly: z.boolean(),
  tag: z.string().nullable(),
  /** for the logged-in user: may apply now, and up to how much */
  available: z.boolean(),
  maxAvailable: money,
});
export type Product = z.infer<typeof Product>;

export const UploadGate = z.object({
  enableTimeSdk: z.boolean(),
  message: z.string(),
  appList: z.boolean(),
  sms: z.boolean(),
  exif: z.boolean(),
  device: z.boolean(),
  contact: z.boolean(),
  location: z.boolean(),
});
export type UploadGate = z.infer<typeof UploadGate>;
