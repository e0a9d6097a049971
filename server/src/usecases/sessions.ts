/** Login sessions: the keyed hash a token is stored as, and resolving a bearer token to its user. */
import type { Deps } from '../app/deps';
import type { UserRow } from '../repos/users';
import { ErrorCode } from '../core/errors';
import { hmac } from '../core/secrets';
import { sessionWithUser } from '../repos/sessions';

export const tokenHash = (deps: Deps, token: string) => hmac(deps.cfg.secret, `token:${token}`);

/** resolves a bearer token: the user, or the logout code that applies */
export async function authenticate(deps: Deps, header: string | undefined): Promise<{ user: UserRow; token: string } | { code: number }> {
  if (!header) return { code: ErrorCode.notLoggedIn };
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) return { code: ErrorCode.tokenInvalid };
  const token = m[1];
  const row = await sessionWithUser(deps.db, tokenHash(deps, token));
  if (!row) return { code: ErrorCode.tokenInvalid };
  if (row.revoked_at) return { code: row.revoked_reason === 'elsewhere' ? ErrorCode.loggedInElsewhere : ErrorCode.tokenInvalid };
  if (row.expires_at <= deps.clock.now()) return { code: ErrorCode.tokenExpired };
  const { revoked_at: _r, revoked_reason: _rr, expires_at: _e, ...user } = row;
  return { user, token };
}
