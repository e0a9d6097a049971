/** Counting phones' reports of a remote's release (the rules: domain/releaseReports.ts), one row per release and reporter. */
import { hmac } from '../core/secrets';
import type { Ctx } from '../context/deps';
import { countedKind, isCountable, REPORT_LIMITS } from '../domain/releaseReports';
import { devicesOfAddress, recordReport } from '../repos/releaseReports';
import { clientOf } from '../core/address';

/** a keyed hash: no address, user or device id in the table */
const keyed = (ctx: Ctx, what: string) => hmac(ctx.deps.cfg.secret, `release:${what}`).slice(0, 32);

/**
 * Who a report is from: the signed-in borrower; else the phone's device id, unless its address already counts as
 * `devicesPerAddress` other devices of this release (then the address, as a phone without an id is).
 */
async function reporterOf(ctx: Ctx, remote: string, version: string, device: string | undefined) {
  if (ctx.user) return { reporter: keyed(ctx, `user:${ctx.user.id}`), address: null };
  const address = keyed(ctx, `ip:${clientOf(ctx.ip)}`);
  if (!device) return { reporter: address, address: null };
  const reporter = keyed(ctx, `device:${device.toLowerCase()}`);
  const others = await devicesOfAddress(ctx.deps.db, { remote, version, address }, reporter);
  return others >= REPORT_LIMITS.devicesPerAddress ? { reporter: address, address: null } : { reporter, address };
}

/** counts one report (wall clock: the tooling asks with its own); false when not counted */
export async function countReport(ctx: Ctx, r: { event: string; remote: string; version: string; device?: string }, now = Date.now()): Promise<boolean> {
  const kind = countedKind(r.event);
  if (!kind || !isCountable(r.remote, r.version)) return false;
  const who = await reporterOf(ctx, r.remote, r.version, r.device);
  return recordReport(ctx.deps.db, { remote: r.remote, version: r.version, ...who }, kind, now, REPORT_LIMITS);
}
