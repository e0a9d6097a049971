/** Counting phones' reports of a remote's fallback (the rules: domain/remoteFallbacks.ts), one per release and reporter. */
import { hmac } from '../core/secrets';
import type { Ctx } from '../context/deps';
import { FALLBACK_LIMITS, isCountable } from '../domain/remoteFallbacks';
import { recordFallback } from '../repos/remoteFallbacks';
import { clientOf } from '../core/address';

/** the reporter of a call, as a keyed hash: no address or user id in the table */
export const reporterOf = (ctx: Ctx): string =>
  hmac(ctx.deps.cfg.secret, ctx.user ? `fallback:user:${ctx.user.id}` : `fallback:ip:${clientOf(ctx.ip)}`).slice(0, 32);

/** counts one fallback report (wall clock: the tooling asks with its own); false when not counted */
export async function countFallback(ctx: Ctx, remote: string, version: string, now = Date.now()): Promise<boolean> {
  if (!isCountable(remote, version)) return false;
  return recordFallback(ctx.deps.db, { remote, version, reporter: reporterOf(ctx) }, now, FALLBACK_LIMITS);
}
