/**
 * The SMS gateway's delivery reports (plain JSON, not the wire protocol), signed with the account's secret over the
 * raw body (providers/sms/protocol.ts). A report whose signature is wrong is refused (401) and changes nothing; any
 * other is stored (usecases/smsDelivery.ts applyReport: once, whichever of it and the gateway's answer comes first)
 * and answered 200, a repeat too, so the gateway stops sending it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../context/deps';
import { applyReport } from '../usecases/smsDelivery';

export const SMS_REPORT_PATH = '/sms/report';

export const smsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  // the signature is over the bytes sent: this plugin's JSON is read as text
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post(SMS_REPORT_PATH, async (req, reply) => {
    const report = deps.sms.report(typeof req.body === 'string' ? req.body : '', req.headers);
    if (!report) {
      deps.metrics.providerFailures.inc({ provider: 'sms', operation: 'report' });
      return reply.code(401).send({ ok: false, error: 'the report is not signed by the gateway' });
    }
    const p = { db: deps.db, log: deps.log, metrics: deps.metrics, now: () => deps.clock.now() };
    return { ok: true, stored: await applyReport(p, report) };
  });
};
