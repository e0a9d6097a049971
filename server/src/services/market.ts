/** loanMarket, country, app: mostly configuration and seeded content. */
import type { Ctx } from '../context/deps';
import type { Req, Res } from '../api/calls';
import { POLICY } from '../settings/policy';
import type { Config } from '../settings/config';
import { calculatorRange, permissionsOf, productsOf, profileView } from '../market/profile';
import C from '../api/contract';
import { DAY_MS } from '../core/time';
import { ErrorCode, fail } from '../core/errors';
import { statesIn } from '../settings/content';
import { homeStatusOf } from '../domain/orderView';
import { orderView } from '../usecases/orderView';
import { creditLimitOf } from '../domain/products';
import { productsFor } from '../usecases/products';
import { hasActive, latestOrderRow, lentSince } from '../repos/orders';
import { CONTENT, content } from '../repos/content';
import { countReport } from '../usecases/releaseReports';

const { DEVICE_PERMISSIONS } = C;

export function marketConfig(cfg: Config) {
  const products = productsOf(cfg.profile);
  const ladder = cfg.profile.creditLadder;
  return {
    currency: POLICY.currency,
    reviewCountdownSeconds: POLICY.reviewCountdownSeconds,
    reviewCopyMinutes: POLICY.reviewCopyMinutes,
    reviewMaxHours: POLICY.reviewMaxHours,
    disbursalCopyMinutes: POLICY.disbursalCopyMinutes,
    calculator: calculatorRange(cfg.profile, products),
    minRepayment: Math.min(...products.map((p) => p.minRepayment)),
    reapplyDays: POLICY.reapplyDays,
    orderExpiryHours: POLICY.orderExpiryHours,
    extensionEnabled: products.some((p) => p.extensionEnabled),
    proofCheckHours: POLICY.proofCheckHours,
    repaymentConfirmMinutes: POLICY.repaymentConfirmMinutes,
    firstLoanCap: ladder[0],
    reloanCap: ladder[1],
    maxCreditLimit: POLICY.maxCreditLimit,
    retentionDays: cfg.retentionDays,
    otpResendSeconds: POLICY.otp.resendSeconds,
    otpExpirySeconds: POLICY.otp.expirySeconds,
    cardCoupon: POLICY.cardCoupon,
    permissions: DEVICE_PERMISSIONS.map((key) => ({ key, ...permissionsOf(cfg.profile)[key] })),
    serviceHours: POLICY.serviceHours,
    profile: profileView(cfg.profile),
  };
}

export async function marketIndex(_p: Req<'marketIndex'>, ctx: Ctx): Promise<Res<'marketIndex'>> {
  const { db, clock, cfg } = ctx.deps;
  const latest = ctx.user ? await latestOrderRow(db, ctx.user.id) : undefined;
  const active = await hasActive(db, ctx.user?.id);
  const limit = creditLimitOf(ctx.user);
  return {
    loggedIn: !!ctx.user,
    homeStatus: homeStatusOf(latest, clock.now()),
    latestOrder: latest ? await orderView(db, latest, clock.now(), ctx.lang) : null,
    creditLimit: limit,
    availableLimit: active ? 0 : limit,
    cardCoupon: ctx.user?.card_coupon ?? 0,
    products: await productsFor(ctx.deps.db, ctx.user, ctx.deps.clock.now()),
    config: marketConfig(cfg),
  };
}

export async function lendingRecord(_p: Req<'lendingRecord'>, ctx: Ctx): Promise<Res<'lendingRecord'>> {
  const days = POLICY.lendingRecordDays;
  return { days, ...(await lentSince(ctx.deps.db, ctx.deps.clock.now() - days * DAY_MS)) };
}

export const repayColor = () => ({ ...POLICY.repayColors, dueSoonDays: POLICY.dueSoonDays });
export const customerService = async (_p: Req<'customerService'>, ctx: Ctx) =>
  (await content(ctx.deps.db, CONTENT.customerService)) ?? fail(ErrorCode.notFound);
export async function repayProducts(_p: Req<'repayProducts'>, ctx: Ctx): Promise<Res<'repayProducts'>> {
  return { products: (await productsFor(ctx.deps.db, ctx.user, ctx.deps.clock.now())).filter((p) => p.available || p.reloanOnly) };
}
export async function faq(p: Req<'faq'>, ctx: Ctx): Promise<Res<'faq'>> {
  const lang = p.lang ?? ctx.lang;
  const sections = await content(ctx.deps.db, CONTENT.faq, lang);
  return { lang: sections ? lang : 'en', sections: sections ?? [] };
}
export async function policy(p: Req<'policy'>, ctx: Ctx): Promise<Res<'policy'>> {
  const lang = p.lang ?? ctx.lang;
  const all = await content(ctx.deps.db, CONTENT.policies, lang);
  const doc = all?.[p.type];
  if (!doc) fail(ErrorCode.notFound);
  return { type: p.type, lang, ...doc };
}

// ---------- country / app ----------
export const countryIp = (_p: Req<'countryIp'>, ctx: Ctx) => ({ ip: ctx.ip, countryCode: POLICY.market.countryCode, allowed: true });
export const countryCode = () => ({ ...POLICY.market, currency: POLICY.currency });
export const states = (_p: Req<'states'>, ctx: Ctx) => ({ states: statesIn(ctx.lang) });
/**
 * What a phone reports of a remote's release (a fallback, a crash, a start): counted for the release tooling
 * (domain/releaseReports.ts); all but a start (one per phone and release: not news) into the API's log, where
 * operations look.
 */
export async function clientEvent(p: Req<'clientEvent'>, ctx: Ctx): Promise<Res<'clientEvent'>> {
  const { device: _device, ...logged } = p; // the device id stays out of the log, as the address and user do out of the table
  if (p.event !== 'remoteStarted')
    ctx.deps.log.warn({ clientEvent: logged, user: ctx.user?.id ?? null, ip: ctx.ip }, `client: ${p.event} ${p.remote} ${p.version}`);
  await countReport(ctx, p);
  return { ok: true };
}

export const appDownloadAddress = () => ({ ...POLICY.appDownload, forceUpdate: false });
