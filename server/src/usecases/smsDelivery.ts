/**
 * One-time codes and notices through the SMS gateway (providers/sms/gateway.ts): each text submitted is kept with
 * the gateway's message id, and its delivery report, verified by the route (http/smsRoutes.ts), is stored against
 * it. A text the gateway cannot deliver is logged with its message id and counted (provider_failures_total
 * {provider="sms"}); operations list them (GET /__ops/sms-undelivered).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import type { Metrics } from '../context/metrics';
import type { OtpProvider } from '../providers/otpDelivery';
import type { DeliveryReport, SmsGateway } from '../providers/sms/gateway';
import { maskMobile } from '../core/mask';
import { codeSms, noticeOfRef } from '../domain/notices';
import { moveNoticeSms } from '../repos/notices';
import { POLICY } from '../settings/policy';
import { recordReport, recordSubmitted, type SmsRow } from '../repos/smsMessages';

interface Parts {
  db: Db;
  log: FastifyBaseLogger;
  metrics: Metrics;
  /** business clock */
  now: () => number;
}

/** a text not delivered: a code's failure is what support is asked about ("the code never came") */
function undelivered(p: Parts, row: SmsRow) {
  if (row.state !== 'undelivered' || !row.purpose) return;
  p.metrics.providerFailures.inc({ provider: 'sms', operation: 'undelivered' });
  p.log.warn(
    { messageId: row.message_id, purpose: row.purpose, to: row.to_masked, status: row.status },
    row.purpose.startsWith('code:') ? 'one-time code not delivered' : 'text not delivered',
  );
}

export function gatewayOtp(p: Parts, gateway: SmsGateway): OtpProvider {
  async function submit(mobile: string, text: string, purpose: string, ref: string | null) {
    const r = await gateway.submit({ to: mobile, text, ref: ref ?? purpose });
    if (!r.ok) {
      p.log.warn({ to: maskMobile(mobile), purpose, reason: r.reason }, 'sms gateway refused the text');
      throw new Error(`sms gateway: ${r.reason}`);
    }
    // the report may have come first: then its row is completed here, and a failure told now
    undelivered(p, await recordSubmitted(p.db, { messageId: r.messageId, purpose, toMasked: maskMobile(mobile), ref, sentAt: p.now() }));
  }
  return {
    // voice codes go as texts too: the aggregator has no voice call in this protocol (server/README.md "SMS")
    send: (mobile, code, _channel, purpose, lang = 'en') => submit(mobile, codeSms(code, lang, POLICY.otp.expirySeconds / 60), `code:${purpose}`, null),
    notify: (mobile, kind, text, ref) => submit(mobile, text, `notice:${kind}`, ref ?? null),
  };
}

/**
 * a verified delivery report stored; false when it repeats one (or comes after the final state). A notice's text
 * still `sending` or `unknown` (its run crashed: usecases/notices.ts settleStuckTexts) is `sent`: the gateway took it.
 */
export async function applyReport(p: Parts, r: DeliveryReport): Promise<boolean> {
  const ref = r.ref || null;
  const row = await recordReport(p.db, { messageId: r.messageId, state: r.delivered ? 'delivered' : 'undelivered', status: r.status, at: r.at, ref });
  if (!row) return false;
  const notice = ref === null ? null : noticeOfRef(ref);
  if (notice !== null) await moveNoticeSms(p.db, notice, ['sending', 'unknown'], 'sent', ref);
  undelivered(p, row);
  return true;
}
