/**
 * The borrower's agreement to the device permissions (spec section 2; decisions.md): asked per
 * market (POLICY.permissions), kept with its version and time. Without an agreement to the
 * current version, data collection (time/upload, the package list) is refused (domain/consent.ts).
 */
import type { AuthedCtx } from '../app/deps';
import type { Req, Res } from '../api/calls';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import { ErrorCode, fail } from '../core/errors';
import { addConsent, currentConsent } from '../repos/consents';

const { DEVICE_PERMISSIONS } = C;

const asked = () => DEVICE_PERMISSIONS.filter((k) => POLICY.permissions[k].enabled);
const required = () => DEVICE_PERMISSIONS.filter((k) => POLICY.permissions[k].enabled && POLICY.permissions[k].required);

export async function consent(_p: Req<'consent'>, ctx: AuthedCtx): Promise<Res<'consent'>> {
  return { version: POLICY.permissionsAgreementVersion, consent: await currentConsent(ctx.deps.db, ctx.user.id) };
}

export async function saveConsent(p: Req<'saveConsent'>, ctx: AuthedCtx): Promise<Res<'saveConsent'>> {
  if (p.version !== POLICY.permissionsAgreementVersion) fail(ErrorCode.consentIncomplete, { version: POLICY.permissionsAgreementVersion });
  const missing = required().filter((k) => !p.permissions.includes(k));
  if (missing.length) fail(ErrorCode.consentIncomplete, { missing });
  // a permission the market does not ask for cannot be agreed to
  const permissions = asked().filter((k) => p.permissions.includes(k));
  await addConsent(ctx.deps.db, ctx.user.id, p.version, permissions, ctx.deps.clock.now());
  return consent({}, ctx);
}
