/** repay: extension, proof of repayment, bank transfer, cashier (simulated gateway). */
import { z } from 'zod';
import { idempotencyKey, isoDate, isoDateTime, money, Order, orderNo, requestDate, verifyCode } from './common';
import { TRANSACTION_REF_RE } from '../limits';

export const ExtensionDataRequest = z.object({ orderNo });
export const ExtensionDataResponse = z.object({
  available: z.boolean(),
  /** the days this extension adds: the product's, or fewer when the market's longest loan (`maxLoanDays`) leaves fewer */
  extensionDays: z.number().int(),
  /** what the extension takes now: its own fee (`ownFee`) + the penalty owed of this due date (`penaltyIncluded`) */
  extensionFee: money,
  /** the extension's own charge: extensionFeeRate of the principal (its share of the days when shortened), held to the market's total-cost cap (0 once it is reached) */
  ownFee: money,
  /** the overdue fee owed, paid with the extension: it comes off what is owed */
  penaltyIncluded: money,
  /** fewer days than the product's: the market's longest loan is reached on the new due date */
  shortened: z.boolean(),
  /** market profile: a loan runs at most this many days from its payout, extensions included (null: no bound) */
  maxLoanDays: z.number().int().nullable(),
  currentDueDate: isoDate.nullable(),
  newDueDate: isoDate.nullable(),
  /** the due date has passed: the days are added to today, not to the current due date */
  fromToday: z.boolean(),
  /** owed today, before the extension */
  amountDueNow: money,
  /** owed today once the extension is paid (the penalty paid with the fee taken off) */
  amountDueAfter: money,
  /** owed on the new due date if nothing else is paid (interest to that date included) */
  amountDueOnNewDueDate: money,
  /** extensions already taken and the most this loan allows */
  extensionsUsed: z.number().int(),
  maxExtensions: z.number().int(),
  /** why not available: notOffered, orderState, limitReached, maxLoanDays (the market's longest loan reached) */
  reason: z.string().nullable(),
});

/** pays the extension fee through the cashier's channel and moves the due date: once per key (never cached or replayed) */
export const ConfirmExtensionRequest = z.object({
  orderNo,
  idempotencyKey,
  channelId: z.string({ error: 'validation.channelIdRequired' }).trim().min(1, 'validation.channelIdRequired').max(32, 'validation.channelIdRequired'),
  verifyCode,
});
export const ConfirmExtensionResponse = z.object({ order: Order, feePaid: money, newDueDate: isoDate });

/** proof-of-repayment details, after uploading the image with /repay/proof/upload */
export const SaveAdditionalRequest = z.object({
  orderNo,
  fileId: z.number().int().positive(),
  /** what was transferred: more than 0 and (checked by the server) not above what is due */
  amount: z.number({ error: 'validation.amountRequired' }).int('validation.amountInteger').positive('validation.amountRequired'),
  /** letters and digits only: it is shown back to the borrower and to staff */
  transactionRef: z
    .string({ error: 'validation.transactionRef' })
    .trim()
    .min(4, 'validation.transactionRef')
    .max(64, 'validation.transactionRef')
    .regex(TRANSACTION_REF_RE, 'validation.transactionRefChars'),
  /** the transfer's date (Pakistan): not in the future, not before the payout (checked by the server) */
  paidAt: requestDate('validation.dateInvalid').optional(),
  channel: z.enum(['bankTransfer', 'Easypaisa', 'Jazzcash', 'other']).default('bankTransfer'),
});
export const Proof = z.object({
  proofId: z.number().int(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  amount: money,
  transactionRef: z.string(),
  submittedAt: isoDateTime,
  /** checked within 48 hours */
  checkBy: isoDateTime,
  checkedAt: isoDateTime.nullable(),
});
export const SaveAdditionalResponse = z.object({ proof: Proof });
export const ProofStatusRequest = z.object({ orderNo });
export const ProofStatusResponse = z.object({ proofs: z.array(Proof) });

export const BankTransferInfoRequest = z.object({ orderNo });
export const BankTransferInfoResponse = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  iban: z.string(),
  /** put this in the transfer's reference */
  reference: z.string(),
  amountDue: money,
  /** repayment confirmed within this many minutes of the transfer */
  confirmMinutes: z.number().int(),
});

export const CashierChannel = z.object({
  channelId: z.string(),
  name: z.string(),
  type: z.enum(['card', 'wallet', 'bank']),
  enabled: z.boolean(),
});
export const CashierChannelsRequest = z.object({ orderNo });
/** `reduction`: the coupon already taken off `amountDue` */
export const CashierChannelsResponse = z.object({ channels: z.array(CashierChannel), amountDue: money, reduction: money, minRepayment: money });

export const PaymentView = z.object({
  payOrderId: z.string(),
  orderNo: z.string(),
  /** withdraw: the principal returned within the cooling-off period (market profile) */
  kind: z.enum(['repay', 'extension', 'withdraw']),
  amount: money,
  status: z.enum(['pending', 'success', 'failed']),
  channelId: z.string().nullable(),
  createdAt: isoDateTime,
  completedAt: isoDateTime.nullable(),
  /** pending payments not paid by then answer paymentTimedOut */
  expiresAt: isoDateTime,
});
export type PaymentView = z.infer<typeof PaymentView>;

/** pays a payment created by /portal/repayment/confirm with a channel (simulated gateway: completes or fails) */
export const CashierPayRequest = z.object({
  payOrderId: z.string({ error: 'validation.payOrderIdRequired' }).min(1, 'validation.payOrderIdRequired'),
  channelId: z.string({ error: 'validation.channelIdRequired' }).min(1, 'validation.channelIdRequired'),
});
export const CashierPayResponse = z.object({ payment: PaymentView, order: Order });
export const CashierResultRequest = z.object({
  payOrderId: z.string({ error: 'validation.payOrderIdRequired' }).min(1, 'validation.payOrderIdRequired'),
});
export const CashierResultResponse = z.object({ payment: PaymentView, order: Order });
