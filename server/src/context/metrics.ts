/**
 * The server's metrics (prom-client), one registry per server: calls by catalogue name and envelope code
 * with their time, jobs run and their time, the job queues' depths (counted when scraped), provider
 * failures, codes sent by purpose, and Node's process metrics. Served by http/metrics.ts (`GET /metrics`).
 * Recorded at the boundaries (the request hook, the job runner, the providers as assembled in startup.ts),
 * never inside the rules.
 */
import client from 'prom-client';
import type { OtpProvider } from '../providers/otpDelivery';
import type { Rail, RailAnswer, Rails } from '../providers/rails';
import type { BureauProvider } from '../providers/bureau/ecib';

export type JobMetricName =
  | 'review'
  | 'payout'
  | 'refunds'
  | 'inquiry'
  | 'reconciliation'
  | 'expiry'
  | 'accrual'
  | 'paymentExpiry'
  | 'retention'
  | 'reminders'
  | 'notices'
  | 'stuckTexts'
  | 'bureau';

export interface Metrics {
  registry: client.Registry;
  calls: client.Counter<'call' | 'code' | 'status'>;
  callSeconds: client.Histogram<'call'>;
  jobRuns: client.Counter<'job' | 'result'>;
  jobSeconds: client.Histogram<'job'>;
  jobItems: client.Counter<'job'>;
  providerFailures: client.Counter<'provider' | 'operation'>;
  codesSent: client.Counter<'purpose' | 'channel'>;
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    calls: new client.Counter({
      name: 'api_calls_total',
      help: 'Requests answered, by catalogue call name (else the route, or "unmatched"), envelope code and HTTP status',
      labelNames: ['call', 'code', 'status'],
      registers,
    }),
    callSeconds: new client.Histogram({
      name: 'api_call_duration_seconds',
      help: 'Time to answer a request, by call name',
      labelNames: ['call'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    jobRuns: new client.Counter({
      name: 'jobs_runs_total',
      help: 'Scheduled job runs, by job and result (ok, failed)',
      labelNames: ['job', 'result'],
      registers,
    }),
    jobSeconds: new client.Histogram({
      name: 'jobs_duration_seconds',
      help: 'Time of one run of a scheduled job',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
      registers,
    }),
    jobItems: new client.Counter({
      name: 'jobs_items_total',
      help: 'Units of work a job did (orders decided, paid out, expired...)',
      labelNames: ['job'],
      registers,
    }),
    providerFailures: new client.Counter({
      name: 'provider_failures_total',
      help: 'Outside parties failing: OTP delivery errors, payouts and payments declined, credit bureau errors',
      labelNames: ['provider', 'operation'],
      registers,
    }),
    codesSent: new client.Counter({
      name: 'otp_codes_sent_total',
      help: 'One-time codes handed to the delivery provider, by purpose and channel',
      labelNames: ['purpose', 'channel'],
      registers,
    }),
  };
}

/** a gauge of each job queue's depth, counted by `depths` when scraped */
export function queueDepthGauge(m: Metrics, depths: () => Promise<Record<string, number>>, onError: (e: unknown) => void): void {
  new client.Gauge({
    name: 'jobs_queue_depth',
    help: 'Work due now and not done yet, by job queue (counted when scraped)',
    labelNames: ['queue'],
    registers: [m.registry],
    async collect() {
      this.reset();
      try {
        for (const [queue, n] of Object.entries(await depths())) this.set({ queue }, n);
      } catch (e) {
        onError(e); // the database away: the other metrics are still served
      }
    },
  });
}

/** the OTP provider, counting codes sent by purpose and delivery failures */
export function meteredOtp(otp: OtpProvider, m: Metrics): OtpProvider {
  const failed = (operation: string) => (e: unknown) => {
    m.providerFailures.inc({ provider: 'otp', operation });
    throw e;
  };
  return {
    send: (mobile, code, channel, purpose, lang) =>
      otp.send(mobile, code, channel, purpose, lang).then(() => void m.codesSent.inc({ purpose, channel }), failed('send')),
    notify: (mobile, kind, text, ref) => otp.notify(mobile, kind, text, ref).catch(failed('notify')),
  };
}

/** the rails, counting the calls the provider did not answer (declines are counted where they are applied: usecases/transfers.ts) */
export function meteredRails(r: Rails, m: Metrics): Rails {
  const rail = (provider: 'payout' | 'cashier', x: Rail): Rail => {
    const counted = (operation: string) => (a: RailAnswer) => {
      if (a.state === 'unknown') m.providerFailures.inc({ provider, operation });
      return a;
    };
    return { start: (t) => x.start(t).then(counted('noAnswer')), inquire: (ref) => x.inquire(ref).then(counted('inquiryNoAnswer')) };
  };
  return { ...r, disburse: rail('payout', r.disburse), collect: rail('cashier', r.collect) };
}

/** the credit bureau, counting the inquiries it did not answer (a file's answer is kept with its month: usecases/bureauReport.ts) */
export const meteredBureau = (b: BureauProvider, m: Metrics): BureauProvider => ({
  ...b,
  inquire: (cnic) =>
    b.inquire(cnic).then((a) => {
      if (a.state === 'unknown') m.providerFailures.inc({ provider: 'bureau', operation: 'inquiryNoAnswer' });
      return a;
    }),
});
