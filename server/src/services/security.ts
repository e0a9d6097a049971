/** security: OTP, register/login, sessions. */
import type { Ctx, Deps, UserRow } from '../deps';
import type { Req, Res } from '../handler';
import { POLICY } from '../policy';
import C from '../contract';
import { AppError, DAY_MS, ErrorCode, fail, hmac, iso, isUniqueViolation, maskMobile, randomDigits, randomToken, safeEqualHex } from '../lib';
import { activeOrder, creditLimitOf, nextStepRoute, progressOf } from './core';

const { normalizeMobile } = C;
const otpHash = (deps: Deps, mobile: string, purpose: string, code: string) => hmac(deps.cfg.secret, `otp:${mobile}:${purpose}:${code}`);
export const tokenHash = (deps: Deps, token: string) => hmac(deps.cfg.secret, `token:${token}`);

/**
 * Codes asked for to log in or to register are one kind: asking for one answers the same whether
 * the number is registered or not, so the answer cannot be used to enumerate borrowers. Whether the
 * number is registered is said only once its code is verified (login / register), and that code
 * stays good for the other call.
 */
const purposeOf = (type: string) => (type === 'login' || type === 'register' ? 'auth' : type);

export async function findUserByMobile(deps: Deps, mobile: string) {
  return deps.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

export async function getVerifyCode(p: Req<'getVerifyCode'>, ctx: Ctx): Promise<Res<'getVerifyCode'>> {
  const { deps } = ctx;
  const { db, clock } = deps;
  const mobile = normalizeMobile(p.mobile);
  const now = clock.now();
  if ((p.type === 'bindCard' || p.type === 'changePhone') && !ctx.user) fail(ErrorCode.notLoggedIn);
  const o = POLICY.otp;
  const last = await db.selectFrom('otps').select(['created_at']).where('mobile', '=', mobile).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  if (last && now - last.created_at < o.resendSeconds * 1000) {
    fail(ErrorCode.otpThrottled, { retryAfterSeconds: Math.ceil((o.resendSeconds * 1000 - (now - last.created_at)) / 1000) });
  }
  const day = await db.selectFrom('otps').select((eb) => eb.fn.countAll().as('n')).where('mobile', '=', mobile).where('created_at', '>', now - DAY_MS).executeTakeFirst();
  if (Number(day?.n ?? 0) >= o.maxPerDay) fail(ErrorCode.otpThrottled, { retryAfterSeconds: o.dailyRetrySeconds });
  const code = deps.cfg.otpFixedCode ?? randomDigits(o.length);
  // a new code replaces the ones sent before for the same purpose
  await db.updateTable('otps').set({ used_at: now }).where('mobile', '=', mobile).where('purpose', '=', purposeOf(p.type)).where('used_at', 'is', null).execute();
  await db.insertInto('otps').values({
    mobile, purpose: purposeOf(p.type), channel: p.channel, code_hash: otpHash(deps, mobile, purposeOf(p.type), code), created_at: now, expires_at: now + o.expirySeconds * 1000, attempts: 0, used_at: null,
  }).execute();
  await deps.otp.send(mobile, code, p.channel, p.type);
  return { sent: true, channel: p.channel, resendAfterSeconds: o.resendSeconds, expiresInSeconds: o.expirySeconds };
}

/** checks and consumes a code (kept when `consume` is false): single use, expiry, lock after maxTries wrong tries */
export async function verifyOtp(deps: Deps, mobile: string, type: string, code: string, consume = true): Promise<void> {
  const { db, clock } = deps;
  const purpose = purposeOf(type);
  const now = clock.now();
  const row = await db.selectFrom('otps').selectAll().where('mobile', '=', mobile).where('purpose', '=', purpose).where('used_at', 'is', null)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row) fail(ErrorCode.otpInvalid, { triesLeft: 0 });
  const max = POLICY.otp.maxTries;
  if (row!.attempts >= max) fail(ErrorCode.otpLocked);
  if (row!.expires_at <= now) fail(ErrorCode.otpExpired);
  if (!safeEqualHex(row!.code_hash, otpHash(deps, mobile, purpose, code))) {
    const upd = await db.updateTable('otps').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', row!.id).returning('attempts').executeTakeFirst();
    const attempts = upd?.attempts ?? max;
    if (attempts >= max) fail(ErrorCode.otpLocked);
    fail(ErrorCode.otpInvalid, { triesLeft: max - attempts });
  }
  if (!consume) return;
  const used = await db.updateTable('otps').set({ used_at: now }).where('id', '=', row!.id).where('used_at', 'is', null).where('attempts', '<', max).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) fail(ErrorCode.otpInvalid, { triesLeft: 0 });
}

async function openSession(deps: Deps, user: UserRow) {
  const now = deps.clock.now();
  const token = randomToken();
  const expiresAt = now + deps.cfg.sessionTtlDays * DAY_MS;
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('sessions').set({ revoked_at: now, revoked_reason: 'elsewhere' }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    await trx.insertInto('sessions').values({ user_id: user.id, token_hash: tokenHash(deps, token), created_at: now, expires_at: expiresAt, revoked_at: null, revoked_reason: null }).execute();
  });
  deps.log.info({ userId: user.id }, 'login');
  return { token, authorization: `Bearer ${token}`, expiresAt: iso(expiresAt), user: await userInfo(deps, user) };
}

export async function userInfo(deps: Deps, user: UserRow) {
  const progress = await progressOf(deps.db, user.id);
  const active = await activeOrder(deps.db, user.id);
  const loans = await deps.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', user.id).where('disbursed_at', 'is not', null).executeTakeFirst();
  return {
    userId: user.id,
    mobile: user.mobile,
    maskedMobile: maskMobile(user.mobile),
    firstName: user.first_name,
    lastName: user.last_name,
    creditLimit: creditLimitOf(user),
    availableLimit: active ? 0 : creditLimitOf(user),
    loanCount: Number(loans?.n ?? 0),
    onTimeRepayments: user.on_time_count,
    progress,
    nextStep: nextStepRoute(progress),
    createdAt: iso(user.created_at),
  };
}

export async function login(p: Req<'login'>, ctx: Ctx): Promise<Res<'login'>> {
  const deps = ctx.deps;
  const mobile = normalizeMobile(p.mobile);
  const user = await findUserByMobile(deps, mobile);
  await verifyOtp(deps, mobile, 'login', p.code, !!user);
  if (!user) fail(ErrorCode.notRegistered);
  return openSession(deps, user!);
}

export async function register(p: Req<'register'>, ctx: Ctx): Promise<Res<'register'>> {
  const deps = ctx.deps;
  const mobile = normalizeMobile(p.mobile);
  const known = !!(await findUserByMobile(deps, mobile));
  await verifyOtp(deps, mobile, 'register', p.code, !known);
  if (known) fail(ErrorCode.alreadyRegistered);
  const now = deps.clock.now();
  let user: UserRow;
  try {
    user = await deps.db.transaction().execute(async (trx) => {
      const u = await trx.insertInto('users').values({ mobile, created_at: now, credit_limit: POLICY.creditLadder[0], on_time_count: 0, first_name: null, last_name: null, data_deleted_at: null }).returningAll().executeTakeFirstOrThrow();
      await trx.insertInto('profiles').values({ user_id: u.id, updated_at: now }).execute();
      return u;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCode.alreadyRegistered);
    throw e;
  }
  return openSession(deps, user);
}

/** The spec's lookup, kept for wrappers that use it; it counts against the auth limit, and the web app does not call it. */
export async function existsByMobile(p: Req<'existsByMobile'>, ctx: Ctx): Promise<Res<'existsByMobile'>> {
  return { exists: !!(await findUserByMobile(ctx.deps, normalizeMobile(p.mobile))) };
}

export async function logout(_p: Req<'logout'>, ctx: Ctx, token?: string): Promise<Res<'logout'>> {
  if (token) await ctx.deps.db.updateTable('sessions').set({ revoked_at: ctx.deps.clock.now(), revoked_reason: 'logout' }).where('token_hash', '=', tokenHash(ctx.deps, token)).execute();
  return { ok: true };
}

/** resolves a bearer token: the user, or the logout code that applies */
export async function authenticate(deps: Deps, header: string | undefined): Promise<{ user: UserRow; token: string } | { code: number }> {
  if (!header) return { code: ErrorCode.notLoggedIn };
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) return { code: ErrorCode.tokenInvalid };
  const token = m[1];
  const row = await deps.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.revoked_at', 'sessions.revoked_reason', 'sessions.expires_at', 'users.id', 'users.mobile', 'users.created_at', 'users.credit_limit',
      'users.on_time_count', 'users.first_name', 'users.last_name', 'users.data_deleted_at', 'users.card_coupon', 'users.card_coupon_granted'])
    .where('sessions.token_hash', '=', tokenHash(deps, token)).executeTakeFirst();
  if (!row) return { code: ErrorCode.tokenInvalid };
  if (row.revoked_at) return { code: row.revoked_reason === 'elsewhere' ? ErrorCode.loggedInElsewhere : ErrorCode.tokenInvalid };
  if (row.expires_at <= deps.clock.now()) return { code: ErrorCode.tokenExpired };
  const { revoked_at: _r, revoked_reason: _rr, expires_at: _e, ...user } = row;
  return { user, token };
}
