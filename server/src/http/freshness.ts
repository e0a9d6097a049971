/**
 * Sealed requests expire and act once (wire-protocol.md: `t` is the sealing time): a `t` further than
 * WIRE_T_WINDOW_SECONDS from the server's clock is refused with requestStale (data.serverTime lets the
 * client re-seal once), and a sealed field a mutating call already accepted is refused with
 * requestReplayed (remembered for twice the window, in the shared counters, so on every instance).
 */
import { createHash } from 'node:crypto';
import type { Config } from '../settings/config';
import type { Deps } from '../context/deps';
import type { Endpoint, EndpointName } from '../api/contract';

/** GET calls that act (money moves): refused on replay like every POST */
const ACTING_GETS = new Set<EndpointName>(['getMoney', 'confirmExtension']);

/** null when `t` (Unix s) is fresh, else what the refusal tells the client */
export function staleT(cfg: Config, t: number): { serverTime: number } | null {
  const now = Math.floor(Date.now() / 1000);
  return cfg.wireTWindowSeconds > 0 && Math.abs(now - t) > cfg.wireTWindowSeconds ? { serverTime: now } : null;
}

/** true the first time a mutating call's sealed field is seen (always true for reads) */
export async function firstUse(deps: Deps, name: EndpointName, ep: Endpoint, sealed: string): Promise<boolean> {
  if (ep.method !== 'POST' && !ACTING_GETS.has(name)) return true;
  const windowMs = Math.max(deps.cfg.wireTWindowSeconds, 60) * 2000;
  const seen = await deps.hits.hit(`sealed:${createHash('sha256').update(sealed).digest('base64url')}`, windowMs, Date.now());
  return seen.n === 1;
}
