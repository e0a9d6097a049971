/** Login sessions: the keyed hash a token is stored as, and resolving a bearer token to its user. */
import type { Deps } from '../context/deps';
import type { UserRow } from '../repos/users';
import { ErrorCode } from '../core/errors';
import { hmac } from '../core/secrets';
import { sessionSeen, sessionWithUser } from '../repos/sessions';
import { DAY_MS } from '../core/time';
import { POLICY } from '../settings/policy';

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
  // idle: wall-clock time, as the money actions' (the business clock is moved by days in tests and demos)
  const wallNow = Date.now();
  const idleMs = deps.cfg.sessionIdleDays * DAY_MS;
  if (idleMs > 0 && row.last_seen_at !== null && wallNow - row.last_seen_at > idleMs) return { code: ErrorCode.tokenExpired };
  // one write every sessionSeenWriteMs at most, not one per call
  if (row.last_seen_at === null || wallNow - row.last_seen_at >= POLICY.sessionSeenWriteMs) await sessionSeen(deps.db, row.session_id, wallNow);
  const { revoked_at: _r, revoked_reason: _rr, expires_at: _e, session_id: _s, last_seen_at: _l, ...user } = row;
  return { user, token };
}
