/**
 * The borrower's agreement to the device permissions (spec section 2; decisions.md): asked per
 * market (POLICY.permissions), kept with its version and time. Without an agreement to the
 * current version, data collection (time/upload, the package list) is refused.
 */
import type { Ctx } from '../deps';
import type { Db } from '../db';
import { POLICY } from '../policy';
import { ErrorCode, fail, fromJson, iso } from '../lib';
import { jsonb } from './core';

const asked = () => Object.entries(POLICY.permissions).filter(([, p]) => p.enabled).map(([k]) => k);
const required = () => Object.entries(POLICY.permissions).filter(([, p]) => p.enabled && p.required).map(([k]) => k);

/** the borrower's latest agreement to the version asked now, or null */
export async function currentConsent(db: Db, userId: number) {
  const row = await db.selectFrom('consents').selectAll().where('user_id', '=', userId)
    .where('version', '=', POLICY.permissionsAgreementVersion).orderBy('agreed_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!row) return null;
  return { version: row.version, agreedAt: iso(Number(row.agreed_at)), permissions: fromJson<string[]>(row.permissions) };
}

/** the borrower's agreement to the current version; refuses (consentRequired) a borrower without one */
export async function requireConsent(ctx: Ctx) {
  const c = await currentConsent(ctx.deps.db, ctx.user!.id);
  if (!c) fail(ErrorCode.consentRequired);
  return c!;
}

export async function consent(_p: unknown, ctx: Ctx) {
  return { version: POLICY.permissionsAgreementVersion, consent: await currentConsent(ctx.deps.db, ctx.user!.id) };
}

export async function saveConsent(p: { version: string; permissions: string[] }, ctx: Ctx) {
  if (p.version !== POLICY.permissionsAgreementVersion) fail(ErrorCode.consentIncomplete, { version: POLICY.permissionsAgreementVersion });
  const missing = required().filter((k) => !p.permissions.includes(k));
  if (missing.length) fail(ErrorCode.consentIncomplete, { missing });
  // a permission the market does not ask for cannot be agreed to
  const permissions = asked().filter((k) => p.permissions.includes(k));
  await ctx.deps.db.insertInto('consents').values({
    user_id: ctx.user!.id, version: p.version, permissions: jsonb(permissions), agreed_at: ctx.deps.clock.now(),
  }).execute();
  return consent(p, ctx);
}
