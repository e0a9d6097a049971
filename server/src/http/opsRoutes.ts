/**
 * Operations routes (plain JSON, not the wire protocol), registered only with OPS_TOKEN and answered
 * only with it (`Authorization: Bearer <OPS_TOKEN>`): what the release tooling reads (money actions are the
 * staff API's, http/staffRoutes.ts: maker-checker with staff accounts). The front ends' origins never proxy /__ops/ (platform/src/stack/serve-static.ts, docs/deploy/nginx-front-ends.conf).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../context/deps';
import { hmac, safeEqualHex } from '../core/secrets';
import { iso } from '../core/time';
import { releaseReportsSince } from '../repos/releaseReports';
import { undelivered } from '../repos/smsMessages';
import { unknownTexts } from '../repos/notices';

/** `since` as ISO time or epoch ms; null when it is neither */
function timeOf(v: unknown): number | null {
  if (typeof v !== 'string' || v === '') return null;
  const ms = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
  return Number.isNaN(new Date(ms).getTime()) ? null : ms;
}

/** an onRequest hook answering 401 unless the request carries `Authorization: Bearer <token>` (the operations routes, /metrics) */
export function opsAuth(secret: string, token: string) {
  // compared as keyed hashes: equal lengths, constant time
  const expected = hmac(secret, `ops:${token}`);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !safeEqualHex(hmac(secret, `ops:${given}`), expected))
      return reply.code(401).header('cache-control', 'no-store').send({ ok: false, error: 'Authorization: Bearer <OPS_TOKEN> required' });
  };
}

export const opsRoutes: FastifyPluginAsync<{ deps: Deps; token: string }> = async (app, { deps, token }) => {
  app.addHook('onRequest', opsAuth(deps.cfg.secret, token));

  // GET /__ops/release-reports?since=<ISO time or epoch ms>: per release, the devices that reported it since then (started,
  // crashed or fell back from it), those that crashed on it, and their crash and fallback reports (domain/releaseReports.ts)
  app.get('/__ops/release-reports', async (req, reply) => {
    const since = timeOf((req.query as { since?: unknown }).since);
    if (since === null) return reply.code(400).send({ ok: false, error: 'since must be an ISO time or epoch milliseconds' });
    const rows = await releaseReportsSince(deps.db, since);
    return reply.header('cache-control', 'no-store').send({
      since: iso(since),
      now: iso(Date.now()),
      releases: rows.map((r) => ({
        remote: r.remote,
        version: r.version,
        devices: r.devices,
        crashed: r.crashed,
        crashes: r.crashes,
        fallbacks: r.fallbacks,
        firstAt: iso(r.first_at),
        lastAt: iso(r.last_at),
        crashedAt: r.crashed_at === null ? null : iso(r.crashed_at),
      })),
    });
  });

  // GET /__ops/sms-undelivered: the latest texts the SMS gateway reported not delivered (a code that never came: its
  // message id for the aggregator), and the notices whose text is unknown (a crash left it claimed and nothing shows the
  // gateway took it: the aggregator's records of the number and time tell; the inbox has the notice either way)
  app.get('/__ops/sms-undelivered', async (_req, reply) => {
    const rows = await undelivered(deps.db, 100);
    const unknown = await unknownTexts(deps.db, 100);
    return reply.header('cache-control', 'no-store').send({
      unknown: unknown.map((n) => ({
        notice: n.id,
        kind: n.kind,
        orderNo: n.order_no,
        ref: n.sms_ref,
        createdAt: iso(n.created_at),
        claimedAt: n.sms_claimed_at === null ? null : iso(n.sms_claimed_at),
      })),
      undelivered: rows.map((r) => ({
        messageId: r.message_id,
        purpose: r.purpose,
        to: r.to_masked,
        status: r.status,
        sentAt: r.sent_at === null ? null : iso(r.sent_at),
        reportedAt: r.reported_at === null ? null : iso(r.reported_at),
      })),
    });
  });
};
