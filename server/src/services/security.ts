/** security: OTP, register/login, sessions. */
import type { AuthedCtx, Ctx, Deps } from '../context/deps';
import type { UserRow } from '../repos/users';
import type { Req, Res } from '../api/calls';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import { AppError, ErrorCode, fail } from '../core/errors';
import { DAY_MS, iso } from '../core/time';
import { isUniqueViolation } from '../db/uniqueViolation';
import { maskMobile } from '../core/mask';
import { randomDigits, randomToken } from '../core/secrets';
import { creditLimitOf } from '../domain/products';
import { nextStepRoute } from '../domain/onboarding';
import { progressOf } from '../usecases/onboarding';
import { purposeOf, sendClassOf } from '../domain/otp';
import { otpHash, verifyOtp } from '../usecases/otp';
import { countSendCeilings, takeNumberBudget } from '../usecases/otpBudgets';
import { passChallenge } from '../usecases/otpChallenge';
import { tokenHash } from '../usecases/sessions';
import { activeOrder, disbursedCount } from '../repos/orders';
import { createUser, findUserByMobile, markVerified } from '../repos/users';
import { replaceCodes, underNumberLock } from '../repos/otps';
import { openSessionRow, revokeSession } from '../repos/sessions';
import { removeSessionSubscriptions } from '../repos/pushSubscriptions';

const { normalizeMobile } = C;

export async function getVerifyCode(p: Req<'getVerifyCode'>, ctx: Ctx): Promise<Res<'getVerifyCode'>> {
  const { deps } = ctx;
  const { db, clock } = deps;
  const cls = sendClassOf(p.type);
  if (cls !== 'auth' && !ctx.user) fail(ErrorCode.notLoggedIn);
  if (cls === 'auth') await passChallenge(deps, ctx.ip, p);
  // codes that approve moving money go to the number the borrower registered, never to one the caller names
  const mobile = cls === 'own' ? (ctx.user ?? fail(ErrorCode.notLoggedIn)).mobile : normalizeMobile(p.mobile);
  const o = POLICY.otp;
  const purpose = purposeOf(p.type);
  const code = await underNumberLock(db, mobile, async (trx) => {
    const now = clock.now();
    await takeNumberBudget(trx, deps, { mobile, purpose, cls, ip: ctx.ip, now });
    const delivered = await countSendCeilings(trx, deps, mobile, cls);
    // a shed request's code is stored like any other (the number's limits then answer alike), but no one has it
    const code = delivered ? (deps.cfg.otpFixedCode ?? randomDigits(o.length)) : randomDigits(o.length);
    await replaceCodes(trx, {
      mobile,
      purpose,
      channel: p.channel,
      code_hash: otpHash(deps, mobile, purpose, code),
      created_at: now,
      expires_at: now + o.expirySeconds * 1000,
      attempts: 0,
      used_at: null,
    });
    return delivered ? code : null;
  });
  if (code !== null) {
    // the gateway refused it or did not answer (logged by the provider): told so, not a server error
    await deps.otp.send(mobile, code, p.channel, p.type, ctx.lang).catch(() => fail(ErrorCode.codeNotSent));
  } else deps.log.warn({ to: maskMobile(mobile) }, 'otp shed: codes to unregistered numbers are over their share of the ceiling');
  return { sent: true, channel: p.channel, resendAfterSeconds: o.resendSeconds, expiresInSeconds: o.expirySeconds };
}

async function openSession(deps: Deps, user: UserRow) {
  const now = deps.clock.now();
  const token = randomToken();
  const expiresAt = now + deps.cfg.sessionTtlDays * DAY_MS;
  await openSessionRow(deps.db, user.id, tokenHash(deps, token), now, expiresAt);
  await markVerified(deps.db, user.id, Date.now()); // the login code proved the number: the money idle time starts now
  deps.log.info({ userId: user.id }, 'login');
  return { token, authorization: `Bearer ${token}`, expiresAt: iso(expiresAt), user: await userInfo(deps, user) };
}

async function userInfo(deps: Deps, user: UserRow): Promise<Res<'getUserInfo'>> {
  const progress = await progressOf(deps.db, user.id);
  const active = await activeOrder(deps.db, user.id);
  return {
    userId: user.id,
    mobile: user.mobile,
    maskedMobile: maskMobile(user.mobile),
    firstName: user.first_name,
    lastName: user.last_name,
    creditLimit: creditLimitOf(user),
    availableLimit: active ? 0 : creditLimitOf(user),
    loanCount: await disbursedCount(deps.db, user.id),
    onTimeRepayments: user.on_time_count,
    progress,
    nextStep: nextStepRoute(progress),
    createdAt: iso(user.created_at),
  };
}

export const getUserInfo = (_p: Req<'getUserInfo'>, ctx: AuthedCtx) => userInfo(ctx.deps, ctx.user);

export async function login(p: Req<'login'>, ctx: Ctx): Promise<Res<'login'>> {
  const deps = ctx.deps;
  const mobile = normalizeMobile(p.mobile);
  const user = await findUserByMobile(deps.db, mobile);
  await verifyOtp(deps, mobile, 'login', p.code, !!user);
  if (!user) fail(ErrorCode.notRegistered);
  return openSession(deps, user);
}

export async function register(p: Req<'register'>, ctx: Ctx): Promise<Res<'register'>> {
  const deps = ctx.deps;
  const mobile = normalizeMobile(p.mobile);
  const known = !!(await findUserByMobile(deps.db, mobile));
  await verifyOtp(deps, mobile, 'register', p.code, !known);
  if (known) fail(ErrorCode.alreadyRegistered);
  const now = deps.clock.now();
  let user: UserRow;
  try {
    user = await deps.db.transaction().execute((trx) => createUser(trx, mobile, deps.cfg.profile.creditLadder[0], now));
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCode.alreadyRegistered);
    throw e;
  }
  return openSession(deps, user);
}

/** The spec's lookup, kept for wrappers that use it; it counts against the auth limit, and the web app does not call it. */
export async function existsByMobile(p: Req<'existsByMobile'>, ctx: Ctx): Promise<Res<'existsByMobile'>> {
  return { exists: !!(await findUserByMobile(ctx.deps.db, normalizeMobile(p.mobile))) };
}

export async function logout(_p: Req<'logout'>, ctx: Ctx, token?: string): Promise<Res<'logout'>> {
  const session = token ? await revokeSession(ctx.deps.db, tokenHash(ctx.deps, token), ctx.deps.clock.now(), 'logout') : null;
  // the device's push subscriptions go with its session: nothing is pushed to a phone logged out of
  if (session !== null) await removeSessionSubscriptions(ctx.deps.db, session);
  return { ok: true };
}
