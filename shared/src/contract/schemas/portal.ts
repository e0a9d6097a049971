/** portal: backup bank card, repayment detail, statement and confirm. */
import { z } from 'zod';
import { BankCardView, idempotencyKey, isoDateTime, money, Order, orderNo, verifyCode } from './common';
import { BankCardInput } from './user';
import { PaymentView, CashierChannel } from './repay';

export const BackupBankCardDetailRequest = z.object({});
export const ACCOUNT_NOTICE_KINDS = ['primaryChanged', 'backupChanged', 'backupUsed'] as const;
/** a change of where the borrower's money goes; each is also sent to the registered number */
export const AccountNotice = z.object({ kind: z.enum(ACCOUNT_NOTICE_KINDS), at: isoDateTime, bankName: z.string(), accountMasked: z.string() });
export type AccountNotice = z.infer<typeof AccountNotice>;
export const BackupBankCardDetailResponse = z.object({
  primary: BankCardView.nullable(),
  backup: BankCardView.nullable(),
  /** added: the latest changes of the receiving accounts, newest first */
  notices: z.array(AccountNotice),
});

export const BindBackupBankCardRequest = BankCardInput;
export const BindBackupBankCardResponse = z.object({ card: BankCardView });

/**
 * After a failed payout (status 10): the money goes to the backup account instead. The order
 * moves to 18 (get money) with the backup as its receiving account; confirming it (/loan/get-money)
 * pays out to that account.
 */
export const UseBackupBankCardRequest = z.object({ orderNo, verifyCode });
export const UseBackupBankCardResponse = z.object({ order: Order });

export const RepaymentDetailRequest = z.object({ orderNo });
export const RepaymentDetailResponse = z.object({
  order: Order,
  amountDue: money,
  /** the order's amountPaid: every rupee paid, fees included */
  amountPaid: money,
  reduction: money,
  totalLoan: money,
  /** min(configured minimum, amountDue) */
  minRepayment: money,
  extensionAvailable: z.boolean(),
  payments: z.array(PaymentView),
});

/** the money events of a loan (the server's ledger journals, docs/ledger.md) as a statement lists them */
export const STATEMENT_EVENTS = [
  'disbursal',
  'interest',
  'penalty',
  'coupon',
  'extensionFee',
  'payment',
  'extensionPayment',
  'couponApplied',
  'waiver',
  'withdrawal',
  /** a refund of overpayment sent back to the borrower (`received`) */
  'refund',
  /** what was left owed, written off by the lender: the loan closed */
  'writeOff',
] as const;
export type StatementEvent = (typeof STATEMENT_EVENTS)[number];
/** a signed change of what the borrower owes on one account: + adds to it, - takes off it */
const change = z.number().int();
/** one money event in the borrower's terms */
export const StatementLine = z.object({
  at: isoDateTime,
  event: z.enum(STATEMENT_EVENTS),
  principal: change,
  interest: change,
  penalty: change,
  fee: change,
  /** the coupon: - when granted, + when applied to what is owed */
  coupon: change,
  /** money the borrower paid */
  paid: money,
  /** money paid out to the borrower (the disbursal: the principal less the processing fee and its tax) */
  received: money,
  /** paid above what was owed, to be given back */
  overpaid: money,
  /** what the borrower owes after this event */
  balance: change,
});
export type StatementLine = z.infer<typeof StatementLine>;

/** added: the loan's statement, every money event from the payout to now (the interest and penalty accrued to now included) */
export const RepaymentStatementRequest = z.object({ orderNo });
export const RepaymentStatementResponse = z.object({
  orderNo,
  generatedAt: isoDateTime,
  lines: z.array(StatementLine),
  /** the last line's balance: the detail's amountDue */
  amountDue: money,
});

/** starts a repayment of `amount` (integer, >= minRepayment or the whole amount due); pay it with /repay/cashier/pay */
export const RepaymentConfirmRequest = z.object({
  orderNo,
  amount: money.positive('validation.amountPositive'),
  /** same key = same payment (safe retry); same key with another amount answers duplicatePayment */
  idempotencyKey,
  verifyCode,
  /** withdraw: within the cooling-off period, `amount` must be the order's coolingOff.amount (market profile) */
  purpose: z.enum(['repay', 'withdraw']).optional(),
});
export const RepaymentConfirmResponse = z.object({ payment: PaymentView, channels: z.array(CashierChannel) });
