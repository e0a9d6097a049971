/** loan: products, calculator, orders and their lifecycle. */
import { z } from 'zod';
import { CANCEL_REASONS } from '../options';
import { homeStatusSchema, idempotencyKey, isoDateTime, LicensedLender, LoanFigures, money, Order, orderNo, OrderSummary, Product, verifyCode } from './common';

const productId = z.string({ error: 'validation.productRequired' }).trim().min(1, 'validation.productRequired').max(32);
const amount = money.positive('validation.amountPositive');
const tenureDays = z.number({ error: 'validation.tenureRequired' }).int('validation.tenureRequired').positive('validation.tenureRequired');

export const LatestOrderRequest = z.object({});
export const LatestOrderResponse = z.object({ order: Order.nullable(), homeStatus: homeStatusSchema });

export const LoanAgreementRequest = z.object({
  /** an existing order's agreement, or a preview for productId/amount/tenureDays */
  orderNo: orderNo.optional(),
  productId: productId.optional(),
  amount: amount.optional(),
  tenureDays: tenureDays.optional(),
});
export const LoanAgreementResponse = z.object({
  title: z.string(),
  version: z.string(),
  lenderName: z.string(),
  /** market profile: the licensed lender running the app, its full corporate name and licence (shown on the KFS) */
  lender: LicensedLender.nullable().optional(),
  borrowerName: z.string().nullable(),
  figures: LoanFigures,
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
});

export const OrderListRequest = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
});
export const OrderListResponse = z.object({
  items: z.array(OrderSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ApplyMarketRequest = z.object({
  productId,
  amount,
  tenureDays,
});
/** the order; its status is the first missing onboarding step (6, 12, 11, 5, 17) or 1 (in review) */
export const ApplyMarketResponse = z.object({ order: Order });

export const ProductListRequest = z.object({});
export const ProductListResponse = z.object({ products: z.array(Product), creditLimit: money, availableLimit: money });

export const StepAmountRequest = z.object({ productId: productId.optional() });
export const StepAmountResponse = z.object({
  productId: z.string(),
  min: money,
  max: money,
  step: money,
  amounts: z.array(money),
  tenures: z.array(z.number().int()),
  creditLimit: money,
});

export const ProductIndexRequest = z.object({ productId: productId.optional() });
export const ProductIndexResponse = z.object({
  product: Product,
  creditLimit: money,
  availableLimit: money,
  defaultAmount: money,
  defaultTenure: z.number().int(),
  figures: LoanFigures,
  homeStatus: homeStatusSchema,
});

export const ConfirmProductInfoRequest = z.object({ orderNo });
export const ConfirmProductInfoResponse = z.object({
  order: Order,
  figures: LoanFigures,
  bankCard: Order.shape.bankCard,
  agreementVersion: z.string(),
  /** the approved order is cancelled if not confirmed by then */
  expiresAt: isoDateTime.nullable(),
});

/** confirm the approved loan and start the payout (14/18 -> 7) */
export const GetMoneyRequest = z.object({
  orderNo,
  agree: z.literal(true, { error: 'validation.agreementRequired' }),
  /** one key per confirmation: a retry answers the same order and never starts a second payout */
  idempotencyKey,
  verifyCode,
});
export const GetMoneyResponse = z.object({ order: Order });

export const CreditInfoRequest = z.object({});
export const CreditInfoResponse = z.object({
  creditLimit: money,
  availableLimit: money,
  usedLimit: money,
  /** the limit after the next on-time repayment, null at the top of the ladder */
  nextLimit: money.nullable(),
  maxLimit: money,
  onTimeRepayments: z.number().int(),
  raises: z.array(z.object({ at: isoDateTime, from: money, to: money })),
});

export const CalculatorRequest = z.object({
  amount: money,
  productId: productId.optional(),
  tenureDays: tenureDays.optional(),
});
export const CalculatorResponse = z.object({
  productId: z.string(),
  min: money,
  max: money,
  figures: LoanFigures,
});

/** POST /loan/order/cancel/{id}: id = orderNo (in the sealed path); reason optional on the wire, the app always sends one */
export const CancelOrderRequest = z.object({
  id: orderNo,
  /** exactly one reason (decisions: cancelling an approved loan) */
  reason: z.enum(CANCEL_REASONS, { error: 'validation.cancelReason' }),
});
export const CancelOrderResponse = z.object({ order: Order });
