/** What every handler and job gets (the assembly, app/, builds it): the configuration, the database, the adapters and the metrics. */
import type { CreditBureau } from '../market/creditBureau';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../settings/config';
import type { Db } from '../db';
import type { UserRow } from '../repos/users';
import type { Clock } from '../core/time';
import type { Storage } from '../uploads/storage';
import type { OtpProvider } from '../providers/otpDelivery';
import type { Ocr } from '../identity/ocr';
import type { FaceCheck } from '../identity/face';
import type { Outcomes } from '../providers/outcomes';
import type { Rails } from '../providers/rails';
import type { SmsGateway } from '../providers/sms/gateway';
import type { BureauProvider } from '../providers/bureau/ecib';
import type { PushService } from '../providers/push';
import type { HitCounter } from '../repos/hitCounters';
import type { Metrics } from './metrics';

export interface Deps {
  cfg: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  clock: Clock;
  log: FastifyBaseLogger;
  storage: Storage;
  /** codes and notices: through the SMS gateway, or the log in development (SMS_PROVIDER) */
  otp: OtpProvider;
  /** the SMS gateway (its delivery reports are read with it: http/smsRoutes.ts) */
  sms: SmsGateway;
  ocr: Ocr;
  face: FaceCheck;
  outcomes: Outcomes;
  /** the payment provider: payouts, collections, their notices and settlement files (providers/rails/) */
  rails: Rails;
  /** the per-key window counters (rate_hits on PostgreSQL, memory on PGlite): limits, challenges, replays */
  hits: HitCounter;
  /** what borrowers owe other lenders (market profile's exposure cap) */
  bureau: CreditBureau;
  /** the credit bureau: its monthly file and its inquiries (providers/bureau/) */
  bureauProvider: BureauProvider;
  /** web push to the borrowers' subscribed browsers (providers/push.ts) */
  push: PushService;
  /** this server's metrics (context/metrics.ts, GET /metrics) */
  metrics: Metrics;
  /** tests only: awaited by each job between its unlocked read of what is due and its locked transaction ('listed'), and once the row is locked ('locked') */
  jobSeam?: JobSeam;
}

export type JobName = 'review' | 'payout' | 'expiry' | 'overdue' | 'retention';
export type JobSeam = (job: JobName, id: number, stage: 'listed' | 'locked') => Promise<void>;

export interface Ctx {
  deps: Deps;
  user: UserRow | null;
  lang: 'en' | 'ur';
  ip: string;
  file?: { buffer: Buffer; mime: 'image/jpeg' | 'image/png' };
}
/** the context of a call that needs a session: its user is there */
export type AuthedCtx = Ctx & { user: UserRow };
