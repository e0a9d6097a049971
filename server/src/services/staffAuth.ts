/**
 * Staff identity: accounts (password + TOTP, no default password), sign-in with lockout, sessions with
 * idle and absolute limits (tokens stored as keyed hashes), the audited transaction every staff write
 * and personal-data read goes through. Times here are wall-clock ms (security clocks, not the business clock).
 */
import type { Deps } from '../context/deps';
import type { Db } from '../db';
import { sealText, openText } from '../db/atRest';
import { isUniqueViolation } from '../db/uniqueViolation';
import { hmac, randomToken } from '../core/secrets';
import { iso } from '../core/time';
import { POLICY } from '../settings/policy';
import type { Config } from '../settings/config';
import C from '../api/contract';
import type { StaffError } from '../api/contract';
import type { StaffRole } from '../staff/roles';
import { hashPassword, verifyNothing, verifyPassword } from '../staff/password';
import { newTotp, totpStep } from '../staff/totp';
import { afterFailure, isLocked, sessionEnd, type StaffLimits } from '../staff/rules';
import { chainKey } from '../staff/auditChain';
import { appendAudit } from '../repos/staffAudit';
import * as R from '../repos/staff';

const { staffErrorMessage } = C;

/** a refusal of the staff API: its error name (shared STAFF_ERRORS: HTTP status, messages) and data */
export class StaffRefusal extends Error {
  constructor(
    public readonly error: StaffError,
    public readonly data: Record<string, unknown> = {},
    public readonly vars?: Record<string, string | number>,
  ) {
    super(staffErrorMessage(error, 'en', vars));
  }
}

export interface StaffMember<R extends StaffRole = StaffRole> {
  id: number;
  username: string;
  name: string;
  role: R;
}

/** a signed-in staff member's request; `R` the roles the route allows, so a service asking a role takes only a route that checked it */
export interface StaffCtx<R extends StaffRole = StaffRole> {
  deps: Deps;
  staff: StaffMember<R>;
  sessionId: number;
  ip: string;
}

export const staffLimits = (cfg: Config): StaffLimits => ({
  idleMs: cfg.staffSessionIdleMinutes * 60_000,
  maxMs: cfg.staffSessionMaxMinutes * 60_000,
  lockoutTries: cfg.staffLockoutTries,
  lockoutMs: POLICY.staff.lockoutMinutes * 60_000,
});

const keys = new Map<string, Buffer>();
/** the audit chain's key, derived from DATA_KEY once */
export function auditKey(dataKey: string): Buffer {
  let k = keys.get(dataKey);
  if (!k) keys.set(dataKey, (k = chainKey(dataKey)));
  return k;
}

const tokenHash = (secret: string, token: string) => hmac(secret, `staff-token:${token}`);
export const memberOf = (s: { id: number; username: string; name: string; role: StaffRole }): StaffMember => ({
  id: Number(s.id),
  username: s.username,
  name: s.name,
  role: s.role,
});

/** who an audit entry is by: the database, the chain's secret, the staff member (null: the command line, an unknown username) */
export interface Auditor {
  db: Db;
  dataKey: string;
  staffId: number | null;
}
export const auditorOf = (ctx: { deps: Deps; staff: { id: number } | null }): Auditor => ({
  db: ctx.deps.db,
  dataKey: ctx.deps.cfg.dataKey,
  staffId: ctx.staff?.id ?? null,
});

/**
 * Runs a write or a read of personal data and appends its audit entry in the same transaction: both
 * commit or neither. `work` answers the result and the entry's detail.
 */
export async function audited<T>(
  by: Auditor | { deps: Deps; staff: { id: number } | null },
  action: string,
  subject: string | null,
  work: (trx: Db) => Promise<{ result: T; detail?: Record<string, unknown> }>,
): Promise<T> {
  const a = 'deps' in by ? auditorOf(by) : by;
  return a.db.transaction().execute(async (trx) => {
    const { result, detail } = await work(trx);
    await appendAudit(trx, auditKey(a.dataKey), { at: Date.now(), staffId: a.staffId, action, subject, detail: detail ?? {} });
    return result;
  });
}

export const USERNAME = /^[a-z][a-z0-9._-]{2,39}$/;

/** a new account with a random password and TOTP secret, shown once to whoever made it (the CLI, an admin) */
export async function createStaffAccount(
  { db, cfg }: { db: Db; cfg: Pick<Config, 'dataKey' | 'staffPasswordCost'> },
  by: StaffMember | null,
  input: { username: string; name: string; role: StaffRole },
): Promise<{ staff: StaffMember; password: string; totpSecret: string; totpUrl: string }> {
  const password = randomToken(15);
  const totp = newTotp(input.username);
  const passwordHash = await hashPassword(password, cfg.staffPasswordCost);
  try {
    const staff = await audited({ db, dataKey: cfg.dataKey, staffId: by?.id ?? null }, 'staff.create', `staff:${input.username}`, async (trx) => {
      const row = await R.addStaff(trx, {
        username: input.username,
        name: input.name,
        role: input.role,
        password_hash: passwordHash,
        totp_secret: sealText(totp.secret),
        totp_last_step: null,
        locked_until: null,
        created_at: Date.now(),
        created_by: by?.id ?? null,
        disabled_at: null,
      });
      return { result: memberOf(row), detail: { username: input.username, role: input.role, by: by ? by.username : 'command line' } };
    });
    return { staff, password, totpSecret: totp.secret, totpUrl: totp.url };
  } catch (e) {
    if (isUniqueViolation(e)) throw new StaffRefusal('usernameTaken');
    throw e;
  }
}

export interface SignIn {
  username: string;
  password: string;
  totp?: string;
}

/** password and code together; every failure counts towards the lock, a locked account is refused with the time it opens */
export async function signIn(deps: Deps, input: SignIn, ip: string) {
  if (!input.totp) throw new StaffRefusal('secondFactorRequired');
  const limits = staffLimits(deps.cfg);
  const now = Date.now();
  const s = await R.staffByUsername(deps.db, input.username);
  const subject = `staff:${input.username}`;
  const record = (action: string, detail: Record<string, unknown>) =>
    audited({ deps, staff: s && !s.disabled_at ? { id: Number(s.id) } : null }, action, subject, async () => ({ result: null, detail: { ip, ...detail } }));
  if (!s || s.disabled_at) {
    await verifyNothing(input.password, deps.cfg.staffPasswordCost);
    await record('signIn.refused', { why: s ? 'disabled' : 'unknown username' });
    throw new StaffRefusal('signInFailed');
  }
  const lockedRefusal = (until: number) => new StaffRefusal('accountLocked', { lockedUntil: iso(until) }, { until: iso(until) });
  if (isLocked(s.locked_until, now)) {
    await record('signIn.refused', { why: 'locked' });
    throw lockedRefusal(s.locked_until!);
  }
  const passwordOk = await verifyPassword(input.password, s.password_hash);
  const step = passwordOk ? totpStep(openText(s.totp_secret), input.totp, now, s.totp_last_step === null ? null : Number(s.totp_last_step)) : null;
  if (step === null || !(await R.recordSuccess(deps.db, Number(s.id), step))) {
    const n = await R.recordFailure(deps.db, Number(s.id), (before) => afterFailure(before, limits, now));
    await record('signIn.refused', { why: passwordOk ? 'wrong or used code' : 'wrong password', locked: n.lockedUntil !== null });
    if (n.lockedUntil !== null) throw lockedRefusal(n.lockedUntil);
    throw new StaffRefusal('signInFailed');
  }
  const token = randomToken();
  const expiresAt = now + limits.maxMs;
  const staff = memberOf(s);
  await audited({ deps, staff }, 'signIn', subject, async (trx) => {
    await R.openStaffSession(trx, staff.id, tokenHash(deps.cfg.secret, token), now, expiresAt);
    return { result: null, detail: { ip } };
  });
  return { token, staff, idleMinutes: deps.cfg.staffSessionIdleMinutes, expiresAt: iso(expiresAt) };
}

/** the staff member of a bearer token, the session kept alive; refused when it ended (signed out, idle, past its absolute end, disabled) */
export async function authenticateStaff(deps: Deps, header: string | undefined): Promise<{ staff: StaffMember; sessionId: number }> {
  const token = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '')?.[1];
  if (!token) throw new StaffRefusal('notSignedIn');
  const s = await R.staffSession(deps.db, tokenHash(deps.cfg.secret, token));
  if (!s) throw new StaffRefusal('notSignedIn');
  const now = Date.now();
  const end = sessionEnd(s, s.disabled_at !== null, staffLimits(deps.cfg), now);
  if (end) {
    await R.endStaffSession(deps.db, Number(s.session_id), now, end);
    throw new StaffRefusal('sessionEnded', { reason: end });
  }
  await R.touchStaffSession(deps.db, Number(s.session_id), now);
  return { staff: memberOf(s), sessionId: Number(s.session_id) };
}

export const signOut = (ctx: StaffCtx) =>
  audited(ctx, 'signOut', `staff:${ctx.staff.username}`, async (trx) => {
    await R.endStaffSession(trx, ctx.sessionId, Date.now(), 'signedOut');
    return { result: { ok: true } };
  });

export async function changePassword(ctx: StaffCtx, current: string, next: string) {
  const s = (await R.staffById(ctx.deps.db, ctx.staff.id))!;
  if (!(await verifyPassword(current, s.password_hash))) throw new StaffRefusal('invalidInput', { fields: { currentPassword: 'wrong password' } });
  const hash = await hashPassword(next, ctx.deps.cfg.staffPasswordCost);
  return audited(ctx, 'staff.password', `staff:${ctx.staff.username}`, async (trx) => {
    await R.setPassword(trx, ctx.staff.id, hash);
    // the other sessions end: a password changed because it leaked shuts the holder out
    await trx
      .updateTable('staff_sessions')
      .set({ ended_at: Date.now(), ended_reason: 'signedOut' })
      .where('staff_id', '=', ctx.staff.id)
      .where('id', '<>', ctx.sessionId)
      .where('ended_at', 'is', null)
      .execute();
    return { result: { ok: true } };
  });
}

export const staffView = (s: R.StaffRow, now = Date.now()) => ({
  ...memberOf(s),
  createdAt: iso(Number(s.created_at)),
  lockedUntil: isLocked(s.locked_until, now) ? iso(Number(s.locked_until)) : null,
  disabled: s.disabled_at !== null,
});

export async function staffAccount(db: Db, id: number): Promise<R.StaffRow> {
  const s = await R.staffById(db, id);
  if (!s) throw new StaffRefusal('notFound');
  return s;
}

export const unlockAccount = (ctx: StaffCtx<'admin'>, id: number) =>
  audited(ctx, 'staff.unlock', `staff:${id}`, async (trx) => {
    const s = await staffAccount(trx, id);
    await R.unlockStaff(trx, id);
    return { result: staffView({ ...s, locked_until: null, failed_count: 0 }), detail: { username: s.username } };
  });

export const disableAccount = (ctx: StaffCtx<'admin'>, id: number) =>
  audited(ctx, 'staff.disable', `staff:${id}`, async (trx) => {
    const s = await staffAccount(trx, id);
    const now = Date.now();
    await R.disableStaff(trx, id, now);
    return { result: staffView({ ...s, disabled_at: now }), detail: { username: s.username } };
  });
