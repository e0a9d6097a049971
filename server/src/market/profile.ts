/**
 * The market profile (issue 29): the rules a market's regulator sets, in one place, chosen at start by
 * MARKET_PROFILE (config.ts) and checked here with zod before the server serves.
 *
 * - `spec` (the default): the product spec's market: fee and tax deducted upfront, tenures of 91-365 days.
 * - `pk-secp`: what public reports say the Securities and Exchange Commission of Pakistan requires of a
 *   licensed digital nano-lender. The circulars themselves could not be read here: every figure below is
 *   configuration, with the report it comes from in `sources` beside it (the schema refuses a rule
 *   without one). A lender running it sets its own corporate name and licence (LENDER_CORPORATE_NAME,
 *   LENDER_LICENCE: the shipped ones are an example) and its complaint terms.
 *
 * A product's pricing rules (charges upfront or with repayment, the total-cost cap, the cooling-off
 * period, the wait for a new application after a withdrawal, the longest life of a loan) are stamped into its terms at seed (`productsOf`), so an order keeps the rules it was taken
 * under whatever the server is restarted with later (the terms are copied into the order).
 */
import { z } from 'zod';
import C from '../api/contract';
import { MAX_ANNUAL_INTEREST, POLICY, PRODUCTS, type DevicePermission, type ProductTerms } from '../settings/policy';

const { DEVICE_PERMISSIONS, UPLOAD_FLAGS } = C;
type PermissionPolicy = Record<DevicePermission, { enabled: boolean; required: boolean }>;

export const PROFILE_IDS = ['spec', 'pk-secp'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

const rupees = z.number().int().positive();
const percent = z.number().positive();

/** the rules with a figure or a switch; each one a profile sets (not null, not false) must name its source */
const RULES = [
  'noUpfrontCharges',
  'totalCostCapPercent',
  'maxDailyRatePercent',
  'dailyCapCoversPenalty',
  'penaltyRatePerDay',
  'maxAnnualRatePercent',
  'tenureDays',
  'extensionsWithinTenure',
  'singleLoanCap',
  'totalExposureCap',
  'coolingOffHours',
  'reapplyAfterWithdrawalDays',
  'riskWarning',
  'permissionsOff',
  'lender',
  'complaints',
  'recovery',
  'calculatorFollowsProducts',
  'creditLadder',
  'productTerms',
] as const;

export const MarketProfileSchema = z
  .object({
    id: z.enum(PROFILE_IDS),
    /** charges (processing fee and its tax) collected with repayment instead of deducted from the amount lent */
    noUpfrontCharges: z.boolean(),
    /** everything a loan may cost (fee, tax, interest, penalty, extension fees) at most this percent of the principal */
    totalCostCapPercent: percent.nullable(),
    /** a product's daily profit rate at most this */
    maxDailyRatePercent: percent.nullable(),
    /** the daily cap holds the late penalty too (a product's penalty per overdue day at most maxDailyRatePercent); docs/decisions.md */
    dailyCapCoversPenalty: z.boolean(),
    /** every product's penalty per overdue day, percent of the principal outstanding, in this market (null: each product's own) */
    penaltyRatePerDay: percent.nullable(),
    /** a product's annual interest rate (daily x 365) at most this */
    maxAnnualRatePercent: percent.nullable(),
    /** every tenure a product offers within these */
    tenureDays: z.object({ min: z.number().int().positive(), max: z.number().int().positive() }),
    /** the longest tenure bounds a loan's whole life: an extension never moves the due date past `tenureDays.max` days from the payout */
    extensionsWithinTenure: z.boolean(),
    /** one loan at most this (a product's maximum too) */
    singleLoanCap: rupees.nullable(),
    /** a borrower's outstanding loans with every lender (the credit bureau's answer), plus the new one, at most this */
    totalExposureCap: rupees.nullable(),
    /** within this many hours of the payout the borrower may withdraw by returning the principal only */
    coolingOffHours: percent.nullable(),
    /**
     * after a cooling-off withdrawal, no new application for this many days (the withdrawal right itself
     * stays on every loan): a loan paid out and withdrawn within hours is a free loan, repeatable at will
     */
    reapplyAfterWithdrawalDays: z.number().int().positive().nullable(),
    /** a risk warning acknowledged before sign-up (its text in mf-onboarding's i18n); raise the version when the text changes */
    riskWarning: z.object({ version: z.string().min(1) }).nullable(),
    /** device permissions never asked in this market, whatever POLICY.permissions says */
    permissionsOff: z.array(z.enum(DEVICE_PERMISSIONS)),
    /**
     * the licensed lender running the app (shown before sign-up, on the about page, the agreement and the KFS) and
     * the brands (products' `lenderName`) that lend under its licence: a product of any other brand is refused at start
     */
    lender: z.object({ corporateName: z.string().min(1), licence: z.string().min(1), brands: z.array(z.string().min(1)).min(1) }).nullable(),
    /** the grievance process: tickets resolved within `resolutionDays`, else the borrower is told the regulator's route */
    complaints: z
      .object({
        resolutionDays: z.number().int().positive(),
        regulator: z.object({ name: z.string().min(1), url: z.string().url() }),
      })
      .nullable(),
    /**
     * collections (operations console): staff contact a borrower about an overdue loan only between `contactHours`
     * (whole hours, Pakistan time, from inclusive, to exclusive), and the emergency contacts the borrower named only
     * when `contactReferences` (services/collections.ts refuses the rest)
     */
    recovery: z
      .object({
        contactHours: z.object({ from: z.number().int().min(0).max(23), to: z.number().int().min(1).max(24) }).refine((h) => h.from < h.to, 'from before to'),
        contactReferences: z.boolean(),
      })
      .nullable(),
    /** the fee calculator takes every amount the products lend (a pre-contract disclosure) instead of its own bounds (POLICY.calculator) */
    calculatorFollowsProducts: z.boolean(),
    /** credit limit ladder: first loan cap, then after each on-time repayment the next rung */
    creditLadder: z.array(rupees).min(2),
    /** per product (policy.ts PRODUCTS): the tenures and maximum this market offers instead of the spec's */
    productTerms: z.record(z.string(), z.object({ tenures: z.array(z.number().int().positive()).min(1).optional(), maxAmount: rupees.optional() })),
    /** where each rule's figure comes from */
    sources: z.partialRecord(z.enum(RULES), z.string().min(1)),
  })
  .superRefine((p, ctx) => {
    for (const rule of RULES) {
      const v = p[rule];
      const set =
        v !== null && v !== false && !(Array.isArray(v) && v.length === 0) && !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
      if (set && !p.sources[rule]) ctx.addIssue({ code: 'custom', path: ['sources', rule], message: `${rule} has no source` });
    }
    if (p.dailyCapCoversPenalty && p.maxDailyRatePercent === null)
      ctx.addIssue({ code: 'custom', path: ['dailyCapCoversPenalty'], message: 'no daily cap to cover the penalty' });
    if (p.tenureDays.min > p.tenureDays.max) ctx.addIssue({ code: 'custom', path: ['tenureDays'], message: 'min above max' });
    const top = p.creditLadder[p.creditLadder.length - 1];
    if (p.singleLoanCap !== null && top > p.singleLoanCap)
      ctx.addIssue({ code: 'custom', path: ['creditLadder'], message: 'a rung above the single-loan cap' });
  });
export type MarketProfile = z.output<typeof MarketProfileSchema>;

/**
 * The lender pk-secp ships with: an EXAMPLE, no real company or licence. The licensed lender running the
 * app sets its own with LENDER_CORPORATE_NAME and LENDER_LICENCE (settings/config.ts); a production start
 * under a profile with a lender refuses to run with this one.
 */
export const EXAMPLE_LENDER = {
  corporateName: 'Example Lender (Private) Limited',
  licence: 'SECP NBFC licence EXAMPLE-0000 (an example: set LENDER_LICENCE)',
} as const;
/** the brands of the spec's products (policy.ts), all lent under pk-secp's one licensed lender */
const SPEC_BRANDS = [...new Set(PRODUCTS.map((t) => t.lenderName))];

const SECP_REPORTS = 'SECP digital nano-lending rules as publicly reported (Dawn, ProPakistani, The News; lenders\u2019 borrower guides)';

const PROFILES: Record<ProfileId, z.input<typeof MarketProfileSchema>> = {
  spec: {
    id: 'spec',
    noUpfrontCharges: false,
    totalCostCapPercent: null,
    maxDailyRatePercent: null,
    dailyCapCoversPenalty: false,
    penaltyRatePerDay: null,
    maxAnnualRatePercent: MAX_ANNUAL_INTEREST,
    tenureDays: { min: 91, max: 365 },
    extensionsWithinTenure: false,
    singleLoanCap: null,
    totalExposureCap: null,
    coolingOffHours: null,
    reapplyAfterWithdrawalDays: null,
    riskWarning: null,
    permissionsOff: [],
    lender: null,
    complaints: null,
    recovery: { contactHours: { from: 9, to: 18 }, contactReferences: true },
    calculatorFollowsProducts: false,
    creditLadder: POLICY.creditLadder,
    productTerms: {},
    sources: {
      maxAnnualRatePercent: 'product spec: annual interest never above 36%',
      tenureDays: 'product spec: tenures of 91 to 365 days',
      creditLadder: 'product spec: first loan 5,000, reloan 30,000, then the product maximum',
      recovery: 'product spec: office hours 9:00-18:00; the spec collects two emergency contacts and says nothing against contacting them',
    },
  },
  'pk-secp': {
    id: 'pk-secp',
    noUpfrontCharges: true,
    totalCostCapPercent: 100,
    maxDailyRatePercent: 0.75,
    dailyCapCoversPenalty: true,
    penaltyRatePerDay: 0.75,
    maxAnnualRatePercent: null,
    tenureDays: { min: 7, max: 90 },
    extensionsWithinTenure: true,
    singleLoanCap: 50_000,
    totalExposureCap: 100_000,
    coolingOffHours: 24,
    reapplyAfterWithdrawalDays: 30,
    riskWarning: { version: '2024-1' },
    permissionsOff: ['contacts', 'storage'],
    lender: { ...EXAMPLE_LENDER, brands: SPEC_BRANDS },
    complaints: { resolutionDays: 10, regulator: { name: 'SECP Service Desk (SDMS)', url: 'https://sdms.secp.gov.pk' } },
    recovery: { contactHours: { from: 9, to: 18 }, contactReferences: false },
    calculatorFollowsProducts: true,
    creditLadder: [5_000, 30_000, 50_000],
    productTerms: { P001: { tenures: [30] }, P002: { tenures: [30, 60] }, P003: { tenures: [30, 60] }, P004: { tenures: [30, 60, 90] } },
    sources: {
      noUpfrontCharges: `Circular 15 of 2022: no charge deducted from the amount disbursed (${SECP_REPORTS})`,
      totalCostCapPercent: `Circular 10 of 2023 and the 2024 changes: all charges of a loan at most its principal (${SECP_REPORTS})`,
      maxDailyRatePercent: `2024 changes: daily profit rate capped, reported as 0.75% a day (${SECP_REPORTS})`,
      dailyCapCoversPenalty:
        `decision (docs/decisions.md, issue 45): the reports cap the daily profit rate at 0.75% and put late-payment penalties under the ` +
        `100% total-cost cap with no markup on them (${SECP_REPORTS}); none says whether the daily cap binds a late charge: assumed it does ` +
        '(the stricter reading, which no reading of the rule breaks): interest stops at the due date, so the penalty is the only daily charge of an overdue day',
      penaltyRatePerDay: 'configuration (this lender\u2019s choice): the late penalty at the daily cap, 0.75% of the principal outstanding a day',
      tenureDays: `Circular 15 of 2022: nano loans for at most 90 days; 7 days the shortest tenure offered here (configuration) (${SECP_REPORTS})`,
      extensionsWithinTenure:
        `Circular 15 of 2022: nano loans for at most 90 days (${SECP_REPORTS}); an extension moves the same loan's due date, so the 90 days ` +
        'count from the payout to the last due date, extensions included (issue 45): an extension that would pass them is shortened to the day, its fee in proportion, or refused when no day is left',
      singleLoanCap: `2024 changes: one nano loan at most Rs 50,000 (${SECP_REPORTS})`,
      totalExposureCap: `2024 changes: a borrower's nano loans across lenders at most Rs 100,000, checked with a credit bureau (${SECP_REPORTS})`,
      coolingOffHours: `Circular 15 of 2022: a 24-hour cooling-off period, the principal only returned (${SECP_REPORTS})`,
      reapplyAfterWithdrawalDays:
        'configuration (this lender\u2019s choice): the reports name no limit on how often the cooling-off right is used and none on lending again after it; ' +
        'the right is kept on every loan, and after a withdrawal the next application waits 30 days (the shortest tenure offered), so a withdrawn loan ' +
        'is at most one day of free money a month, not a free loan renewed every day',
      riskWarning: `Circular 15 of 2022: a warning on the risks of borrowing, in English and Urdu, before sign-up (${SECP_REPORTS})`,
      permissionsOff: `Circular 15 of 2022: no access to contacts or the photo gallery (${SECP_REPORTS})`,
      lender: `Circular 15 of 2022: the lender's full corporate name and licence shown in the app (${SECP_REPORTS}); configuration: LENDER_CORPORATE_NAME and LENDER_LICENCE, the shipped ones an example`,
      complaints: `Circular 15 of 2022: a grievance process; unresolved complaints go to the SECP's Service Desk (${SECP_REPORTS}); 10 days is this lender's stated service level (configuration)`,
      recovery:
        `Circular 15 of 2022: no harassment in recovery and no use of the borrower's contacts (phone book, references) to recover a loan (${SECP_REPORTS}); ` +
        'the contact hours 9:00-18:00 Pakistan time are configuration (this lender\u2019s choice, the spec\u2019s office hours): the reports name no exact hours',
      calculatorFollowsProducts: `a loan calculator of the total cost offered before borrowing, as a pre-contract disclosure (${SECP_REPORTS}): it prices every amount the products lend`,
      creditLadder: 'configuration: the spec\u2019s ladder with its top rung at the single-loan cap',
      productTerms: 'configuration: the spec\u2019s products with tenures within 90 days',
    },
  },
};

type Lender = Omit<NonNullable<MarketProfile['lender']>, 'brands'>;

/**
 * The profile `id` (MARKET_PROFILE), checked: throws naming what is wrong. `lender` (LENDER_CORPORATE_NAME,
 * LENDER_LICENCE) replaces the profile's example lender; refused for a profile that names no lender.
 */
export function loadProfile(id: string | undefined, lender: Lender | null = null): MarketProfile {
  const name = id || 'spec';
  if (!(PROFILE_IDS as readonly string[]).includes(name)) throw new Error(`MARKET_PROFILE must be one of ${PROFILE_IDS.join(', ')} (got ${name})`);
  const base = PROFILES[name as ProfileId];
  if (lender && !base.lender) throw new Error(`LENDER_CORPORATE_NAME and LENDER_LICENCE: market profile ${name} names no lender`);
  const r = MarketProfileSchema.safeParse(lender && base.lender ? { ...base, lender: { ...base.lender, ...lender } } : base);
  if (!r.success) throw new Error(`market profile ${name}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}

/**
 * The products a profile offers: the spec's (policy.ts), with the profile's tenures and maximum where it
 * sets them (never above its single-loan cap) and its pricing rules stamped into their terms.
 */
export function productsOf(p: MarketProfile): ProductTerms[] {
  return PRODUCTS.map((t) => {
    const own = p.productTerms[t.id] ?? {};
    const tenures = own.tenures ?? t.tenures;
    return {
      ...t,
      tenures,
      tag: tagOf(t, tenures),
      maxAmount: Math.min(own.maxAmount ?? t.maxAmount, p.singleLoanCap ?? Infinity),
      penaltyRatePerDay: p.penaltyRatePerDay ?? t.penaltyRatePerDay,
      chargesUpfront: !p.noUpfrontCharges,
      totalCostCapPercent: p.totalCostCapPercent,
      coolingOffHours: p.coolingOffHours,
      reapplyAfterWithdrawalDays: p.reapplyAfterWithdrawalDays,
      maxLoanDays: p.extensionsWithinTenure ? p.tenureDays.max : null,
    };
  });
}

/**
 * A product's label, by rule, whatever the market's tenures: `reloan` for a repeat borrowers' product, `longTerm`
 * when even its shortest tenure is POLICY.longTermDays or more, else the product's own (policy.ts: a marketing tag)
 */
export const tagOf = (t: Pick<ProductTerms, 'reloanOnly' | 'tag'>, tenures: readonly number[]): string | null =>
  t.reloanOnly ? 'reloan' : Math.min(...tenures) >= POLICY.longTermDays ? 'longTerm' : t.tag;

/**
 * The fee calculator's amounts: its own bounds (POLICY.calculator, the spec's 3,000-25,000), or in a market
 * where it is a pre-contract disclosure (`calculatorFollowsProducts`) every amount the products lend
 */
export function calculatorRange(p: MarketProfile, products: Pick<ProductTerms, 'minAmount' | 'maxAmount'>[]) {
  if (!p.calculatorFollowsProducts || !products.length) return { min: POLICY.calculator.min, max: POLICY.calculator.max };
  return { min: Math.min(...products.map((t) => t.minAmount)), max: Math.max(...products.map((t) => t.maxAmount)) };
}

/** the most a product's loan costs over its longest tenure: fee, tax and interest (penalties and extension fees come later) */
const costAtTenure = (t: ProductTerms, amount: number, days: number) => {
  const fee = Math.round((amount * t.processingFeeRate) / 100);
  return fee + Math.round((fee * t.taxRate) / 100) + Math.round((amount * t.dailyInterestRate * days) / 100);
};

/** why the products break the profile's rules (empty when they do not): start-up refuses them */
export function productProblems(p: MarketProfile, products: ProductTerms[]): string[] {
  const out: string[] = [];
  for (const t of products) {
    const at = `product ${t.id}`;
    if (t.minAmount > t.maxAmount) out.push(`${at}: min > max`);
    if (p.maxAnnualRatePercent !== null && t.dailyInterestRate * 365 > p.maxAnnualRatePercent)
      out.push(`${at}: annual interest above ${p.maxAnnualRatePercent}% (${p.sources.maxAnnualRatePercent})`);
    if (p.maxDailyRatePercent !== null && t.dailyInterestRate > p.maxDailyRatePercent)
      out.push(`${at}: daily rate ${t.dailyInterestRate}% above ${p.maxDailyRatePercent}% (${p.sources.maxDailyRatePercent})`);
    if (p.dailyCapCoversPenalty && p.maxDailyRatePercent !== null && t.penaltyRatePerDay > p.maxDailyRatePercent)
      out.push(`${at}: penalty ${t.penaltyRatePerDay}% a day above the daily cap of ${p.maxDailyRatePercent}% (${p.sources.dailyCapCoversPenalty})`);
    if (p.lender && !p.lender.brands.includes(t.lenderName))
      out.push(`${at}: its brand ${t.lenderName} lends under no licence of this market (lender.brands: ${p.lender.brands.join(', ')})`);
    if (t.tenures.some((d) => d < p.tenureDays.min || d > p.tenureDays.max))
      out.push(`${at}: a tenure outside ${p.tenureDays.min}-${p.tenureDays.max} days (${p.sources.tenureDays})`);
    if (p.singleLoanCap !== null && t.maxAmount > p.singleLoanCap)
      out.push(`${at}: maximum above the single-loan cap of ${p.singleLoanCap} (${p.sources.singleLoanCap})`);
    if (p.totalCostCapPercent !== null) {
      const days = Math.max(...t.tenures);
      // the fee rounds up to a rupee: check both ends of the range
      for (const amount of [t.minAmount, t.maxAmount])
        if (costAtTenure(t, amount, days) > Math.floor((amount * p.totalCostCapPercent) / 100))
          out.push(`${at}: fee, tax and ${days} days' interest on ${amount} above ${p.totalCostCapPercent}% of it (${p.sources.totalCostCapPercent})`);
    }
    const stamped =
      t.chargesUpfront === !p.noUpfrontCharges &&
      t.totalCostCapPercent === p.totalCostCapPercent &&
      t.coolingOffHours === p.coolingOffHours &&
      t.reapplyAfterWithdrawalDays === p.reapplyAfterWithdrawalDays &&
      t.maxLoanDays === (p.extensionsWithinTenure ? p.tenureDays.max : null);
    if (!stamped) out.push(`${at}: its terms do not carry the profile's pricing rules`);
  }
  return out;
}

/** the profile's rules checked against its products: throws listing every problem */
export function checkProfile(p: MarketProfile, products = productsOf(p)): void {
  const problems = productProblems(p, products);
  if (problems.length) throw new Error(`market profile ${p.id}: products refused:\n  ${problems.join('\n  ')}`);
}

/** the profile still names the example lender it ships with (a production start refuses it: settings/config.ts) */
export const lenderIsExample = (p: MarketProfile): boolean =>
  p.lender !== null && p.lender.corporateName === EXAMPLE_LENDER.corporateName && p.lender.licence === EXAMPLE_LENDER.licence;

/** the profile as the app receives it (marketConfig `profile`) */
export function profileView(p: MarketProfile) {
  return {
    id: p.id,
    chargesUpfront: !p.noUpfrontCharges,
    totalCostCapPercent: p.totalCostCapPercent,
    maxDailyRatePercent: p.maxDailyRatePercent,
    tenureDays: p.tenureDays,
    singleLoanCap: p.singleLoanCap,
    totalExposureCap: p.totalExposureCap,
    coolingOffHours: p.coolingOffHours,
    reapplyAfterWithdrawalDays: p.reapplyAfterWithdrawalDays,
    riskWarningVersion: p.riskWarning?.version ?? null,
    lender: p.lender,
    complaints: p.complaints,
    permissionsOff: p.permissionsOff,
    sources: p.sources as Record<string, string>,
  };
}

/** the device permissions asked in this market: POLICY.permissions with the profile's never-asked ones off */
export const permissionsOf = (p: MarketProfile): PermissionPolicy =>
  Object.fromEntries(
    DEVICE_PERMISSIONS.map((k) => [k, p.permissionsOff.includes(k) ? { enabled: false, required: false } : POLICY.permissions[k]]),
  ) as PermissionPolicy;

/** the data kinds of the native data-collection task (UPLOAD_FLAGS) and the permission each needs (exif: the photos' metadata, from storage) */
const FLAG_PERMISSION: Record<(typeof UPLOAD_FLAGS)[number], DevicePermission> = {
  appList: 'installedApps',
  sms: 'sms',
  exif: 'storage',
  device: 'deviceInfo',
  contact: 'contacts',
  location: 'location',
};
/** the data kinds never collected in this market (their permission is never asked) */
export const uncollectedFlags = (p: MarketProfile) => UPLOAD_FLAGS.filter((f) => p.permissionsOff.includes(FLAG_PERMISSION[f]));

/** the permissions agreement's version: a profile that switches permissions off asks its own agreement */
export const permissionsVersionOf = (p: MarketProfile): string =>
  p.permissionsOff.length ? `${POLICY.permissionsAgreementVersion}-${p.id}` : POLICY.permissionsAgreementVersion;
