/** loanMarket: marketplace index, what was lent lately (aggregate), service info, FAQ, policies, market configuration. */
import { z } from 'zod';
import { DEVICE_PERMISSIONS } from '../options';
import { homeStatusSchema, LicensedLender, money, Order, Product } from './common';

/** The market profile's rules as the app shows and follows them; each figure's source in `sources` */
export const MarketProfileView = z.object({
  id: z.enum(['spec', 'pk-secp']),
  /** false: the fee and its tax are owed with the repayment, never deducted from the amount paid out */
  chargesUpfront: z.boolean(),
  totalCostCapPercent: z.number().nullable(),
  maxDailyRatePercent: z.number().nullable(),
  tenureDays: z.object({ min: z.number().int(), max: z.number().int() }),
  singleLoanCap: money.nullable(),
  totalExposureCap: money.nullable(),
  coolingOffHours: z.number().nullable(),
  /** after a cooling-off withdrawal, no new application for this many days; null: no wait */
  reapplyAfterWithdrawalDays: z.number().int().nullable(),
  /** a risk warning to acknowledge before sign-up (its text in the app), this version; null: none */
  riskWarningVersion: z.string().nullable(),
  /** the licensed lender: its full corporate name and licence, shown before sign-up, on the about page, agreement and KFS */
  lender: LicensedLender.nullable(),
  /** the grievance process: the regulator's route named when a complaint is not resolved within resolutionDays */
  complaints: z.object({ resolutionDays: z.number().int(), regulator: z.object({ name: z.string(), url: z.string() }) }).nullable(),
  /**
   * device data this market never reads, whatever `permissions` says (pk-secp: contacts and storage, the
   * photo gallery): no native contact picker either, the emergency contacts typed by hand; absent: none
   */
  permissionsOff: z.array(z.enum(DEVICE_PERMISSIONS)).optional(),
  sources: z.record(z.string(), z.string()),
});
export type MarketProfileView = z.infer<typeof MarketProfileView>;

/** Product/policy figures served to the client (decisions.md): one source for every screen. */
export const MarketConfig = z.object({
  currency: z.string(),
  reviewCountdownSeconds: z.number().int(),
  reviewCopyMinutes: z.object({ min: z.number().int(), max: z.number().int() }),
  reviewMaxHours: z.number().int(),
  disbursalCopyMinutes: z.object({ min: z.number().int(), max: z.number().int() }),
  calculator: z.object({ min: money, max: money }),
  minRepayment: money,
  reapplyDays: z.number().int(),
  orderExpiryHours: z.number().int(),
  extensionEnabled: z.boolean(),
  proofCheckHours: z.number().int(),
  repaymentConfirmMinutes: z.number().int(),
  firstLoanCap: money,
  reloanCap: money,
  /** marketing ceiling of the credit limit; null when not configured (not shown) */
  maxCreditLimit: money.nullable(),
  retentionDays: z.number().int(),
  otpResendSeconds: z.number().int(),
  otpExpirySeconds: z.number().int(),
  cardCoupon: money,
  /** asked at all (enabled), and needed for the step (required); an optional one may be refused */
  permissions: z.array(z.object({ key: z.enum(DEVICE_PERMISSIONS), enabled: z.boolean(), required: z.boolean() })),
  serviceHours: z.string(),
  /** the market profile in force (issue 29; server market/profile.ts); absent from servers before it: the spec's */
  profile: MarketProfileView.optional(),
});
export type MarketConfig = z.infer<typeof MarketConfig>;

export const MarketIndexRequest = z.object({});
export const MarketIndexResponse = z.object({
  loggedIn: z.boolean(),
  homeStatus: homeStatusSchema,
  latestOrder: Order.nullable(),
  creditLimit: money,
  availableLimit: money,
  /** the borrower's card coupon not used yet (taken off the next loan paid out); 0 for visitors */
  cardCoupon: money,
  products: z.array(Product),
  config: MarketConfig,
});

export const LendingRecordRequest = z.object({});
/** what the marketplace lent lately, in aggregate: no borrower's number or loan is ever shown to others */
export const LendingRecordResponse = z.object({
  days: z.number().int(),
  loans: z.number().int(),
  amount: money,
});

export const RepayColorRequest = z.object({});
export const RepayColorResponse = z.object({
  repaying: z.string(),
  overdue: z.string(),
  dueSoon: z.string(),
  finished: z.string(),
  /** days before the due date from which dueSoon applies */
  dueSoonDays: z.number().int(),
});

export const CustomerServiceRequest = z.object({});
export const CustomerServiceResponse = z.object({
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  hours: z.string(),
  hoursNote: z.string(),
  whatsapp: z.string(),
});

export const RepayProductsRequest = z.object({});
export const RepayProductsResponse = z.object({ products: z.array(Product) });

export const FaqRequest = z.object({ lang: z.enum(['en', 'es', 'ur']).optional() });
export const FaqResponse = z.object({
  lang: z.string(),
  sections: z.array(
    z.object({
      title: z.string(),
      open: z.boolean(),
      problems: z.array(z.object({ subtitle: z.string(), content: z.string(), open: z.boolean() })),
    }),
  ),
});

export const POLICY_TYPES = ['privacy', 'terms', 'data', 'pdPop', 'aboutUs', 'customerGuide'] as const;
export const PolicyRequest = z.object({ type: z.enum(POLICY_TYPES, { error: 'validation.policyType' }), lang: z.enum(['en', 'ur']).optional() });
export const PolicyResponse = z.object({
  type: z.enum(POLICY_TYPES),
  title: z.string(),
  version: z.string(),
  updatedAt: z.string(),
  lang: z.string(),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
});

export const MarketConfigRequest = z.object({});
export const MarketConfigResponse = MarketConfig;
