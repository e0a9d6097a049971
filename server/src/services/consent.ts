/**
 * The borrower's agreement to the device permissions (spec section 2; decisions.md): asked per
 * market (POLICY.permissions, less the market profile's never-asked ones), kept with its version and time. Without an agreement to the
 * current version, data collection (time/upload, the package list) is refused (usecases/consent.ts).
 */
import type { AuthedCtx } from '../context/deps';
import type { Req, Res } from '../api/calls';
import type { MarketProfile } from '../market/profile';
import { permissionsOf, permissionsVersionOf } from '../market/profile';
import C from '../api/contract';
import { ErrorCode, fail } from '../core/errors';
import { addConsent, currentConsent } from '../repos/consents';

const { DEVICE_PERMISSIONS } = C;

const asked = (p: MarketProfile) => DEVICE_PERMISSIONS.filter((k) => permissionsOf(p)[k].enabled);
const required = (p: MarketProfile) => DEVICE_PERMISSIONS.filter((k) => permissionsOf(p)[k].enabled && permissionsOf(p)[k].required);

export async function consent(_p: Req<'consent'>, ctx: AuthedCtx): Promise<Res<'consent'>> {
  const version = permissionsVersionOf(ctx.deps.cfg.profile);
  return { version, consent: await currentConsent(ctx.deps.db, ctx.user.id, version) };
}

export async function saveConsent(p: Req<'saveConsent'>, ctx: AuthedCtx): Promise<Res<'saveConsent'>> {
  const profile = ctx.deps.cfg.profile;
  const version = permissionsVersionOf(profile);
  if (p.version !== version) fail(ErrorCode.consentIncomplete, { version });
  const missing = required(profile).filter((k) => !p.permissions.includes(k));
  if (missing.length) fail(ErrorCode.consentIncomplete, { missing });
  // a permission the market does not ask for cannot be agreed to
  const permissions = asked(profile).filter((k) => p.permissions.includes(k));
  await addConsent(ctx.deps.db, ctx.user.id, p.version, permissions, ctx.deps.clock.now());
  return consent({}, ctx);
}
