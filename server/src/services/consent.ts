/**
 * The borrower's agreement to the device permissions (spec section 2; decisions.md): asked per
 * market (POLICY.permissions), kept with its version and time. Without an agreement to the
 * current version, data collection (time/upload, the package list) is refused.
 */
import type { Ctx } from '../deps';
import type { Req, Res } from '../handler';
import type { Db } from '../db';
import { POLICY, type DevicePermission } from '../policy';
import C from '../contract';
import { ErrorCode, fail, fromJson, iso } from '../lib';
import { jsonb } from './core';

const { DEVICE_PERMISSIONS } = C;

const asked = () => DEVICE_PERMISSIONS.filter((k) => POLICY.permissions[k].enabled);
const required = () => DEVICE_PERMISSIONS.filter((k) => POLICY.permissions[k].enabled && POLICY.permissions[k].required);

/** the borrower's latest agreement to the version asked now, or null */
export async function currentConsent(db: Db, userId: number) {
  const row = await db.selectFrom('consents').selectAll().where('user_id', '=', userId)
    .where('version', '=', POLICY.permissionsAgreementVersion).orderBy('agreed_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!row) return null;
  return { version: row.version, agreedAt: iso(Number(row.agreed_at)), permissions: fromJson<DevicePermission[]>(row.permissions) };
}

/** the borrower's agreement to the current version; refuses (consentRequired) a borrower without one */
export async function requireConsent(ctx: Ctx) {
  const c = await currentConsent(ctx.deps.db, ctx.user!.id);
  if (!c) fail(ErrorCode.consentRequired);
  return c!;
}

export async function consent(_p: Req<'consent'>, ctx: Ctx): Promise<Res<'consent'>> {
  return { version: POLICY.permissionsAgreementVersion, consent: await currentConsent(ctx.deps.db, ctx.user!.id) };
}

export async function saveConsent(p: Req<'saveConsent'>, ctx: Ctx): Promise<Res<'saveConsent'>> {
  if (p.version !== POLICY.permissionsAgreementVersion) fail(ErrorCode.consentIncomplete, { version: POLICY.permissionsAgreementVersion });
  const missing = required().filter((k) => !p.permissions.includes(k));
  if (missing.length) fail(ErrorCode.consentIncomplete, { missing });
  // a permission the market does not ask for cannot be agreed to
  const permissions = asked().filter((k) => p.permissions.includes(k));
  await ctx.deps.db.insertInto('consents').values({
    user_id: ctx.user!.id, version: p.version, permissions: jsonb(permissions), agreed_at: ctx.deps.clock.now(),
  }).execute();
  return consent({}, ctx);
}
