/**
 * The per-address limits (an IPv6 address counts as its /64: core/address.ts): every API request against RATE_LIMIT_MAX (@fastify/rate-limit over our
 * counters), and the calls that act on or reveal an account against AUTH_RATE_LIMIT_MAX (asked by
 * the dispatcher once it knows the call).
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import C from '../api/contract';
import type { EndpointName } from '../api/contract';
import { ErrorCode } from '../core/errors';
import { RATE_WINDOW_MS, rateLimitStore, type HitCounter } from '../repos/hitCounters';
import { clientOf } from '../core/address';

const { errorMessage } = C;

export const requestLimit = fp<{ max: number; hits: HitCounter }>(
  async (app, opts) => {
    await app.register(rateLimit, {
      max: opts.max,
      timeWindow: RATE_WINDOW_MS,
      store: rateLimitStore(opts.hits, 'all:'),
      keyGenerator: (req) => clientOf(req.ip),
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        code: ErrorCode.rateLimited,
        msg: errorMessage(ErrorCode.rateLimited, 'en'),
        data: { retryAfterSeconds: Math.ceil(ctx.ttl / 1000) },
      }),
    });
  },
  { name: 'request-limit' },
);

/** calls that act on or reveal an account: counted per address against AUTH_RATE_LIMIT_MAX */
const AUTH_CALLS = new Set<EndpointName>(['login', 'register', 'getVerifyCode', 'existsByMobile']);

/** counts a call from `ip`; answers the seconds to wait when it is over the limit, else null */
export type AuthLimit = (call: EndpointName, ip: string) => Promise<number | null>;

export function authLimit(hits: HitCounter, max: number): AuthLimit {
  return async (call, ip) => {
    if (!AUTH_CALLS.has(call) || max <= 0) return null;
    const now = Date.now();
    const h = await hits.hit(`auth:${clientOf(ip)}`, RATE_WINDOW_MS, now);
    return h.n > max ? Math.ceil((h.resetAt - now) / 1000) : null;
  };
}
