/** The agreement to the device permissions that data collection needs. */
import type { Db } from '../db';
import type { MarketProfile } from '../market/profile';
import { permissionsVersionOf } from '../market/profile';
import { ErrorCode, fail } from '../core/errors';
import { currentConsent } from '../repos/consents';

/** the borrower's agreement to the current version; refuses (consentRequired) a borrower without one */
export async function requireConsent(db: Db, userId: number, profile: MarketProfile) {
  const c = await currentConsent(db, userId, permissionsVersionOf(profile));
  if (!c) fail(ErrorCode.consentRequired);
  return c;
}
