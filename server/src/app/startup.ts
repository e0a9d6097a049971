/**
 * What a server needs before it answers: the database (migrated, seeded, rows stored in clear
 * before encryption at rest sealed), photo storage, the per-address hit counter, and Deps, with
 * the development controls' wiring only when they are on.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../settings/config';
import { openDb } from '../db';
import { underStartupLock } from '../db/migrate';
import { Clock } from '../core/time';
import type { Deps } from '../context/deps';
import { dbStorage, diskStorage, sweepIncoming, type DiskFs } from '../uploads/storage';
import { configureAtRest, encryptLegacyRows, sealedStorage } from '../db/atRest';
import { dbCounter, memoryCounter, type HitCounter } from '../repos/hitCounters';
import { logOtpProvider, type OtpProvider } from '../providers/otpDelivery';
import { tesseractOcr, type Ocr } from '../identity/ocr';
import { faceCheck, type FaceCheck } from '../identity/face';
import { seed } from './seed';
import { POLICY } from '../settings/policy';
import { configuredOutcomes } from '../providers/outcomes';
import { creditBureau } from '../market/creditBureau';
import { devState, forcedOutcomes, recordingOtp, type DevState } from '../dev/controls';
import { createMetrics, meteredBureau, meteredOtp, meteredRails, queueDepthGauge } from '../context/metrics';
import { jazzcashRails } from '../providers/rails/jazzcash';
import type { Rails } from '../providers/rails';
import { RAILS_NOTICE_PATH } from '../http/railsRoutes';
import { SMS_REPORT_PATH } from '../http/smsRoutes';
import { smsGateway, type SmsGateway } from '../providers/sms/gateway';
import { ecibBureau } from '../providers/bureau/ecib';
import { vapidPush, type PushService } from '../providers/push';
import { gatewayOtp } from '../usecases/smsDelivery';
import { queueDepths } from './jobs';

/** providers a caller (tests, scripts) may replace */
export interface BuildOptions {
  otp?: OtpProvider;
  ocr?: Ocr;
  face?: FaceCheck;
  /** the file calls of the disk photo store (PGlite); default node:fs (tests put a full disk in front of it) */
  uploadFs?: DiskFs;
  /** the payment provider; default the rails adapter on RAILS_URL (providers/rails/jazzcash.ts) */
  rails?: Rails;
  /** the SMS gateway; default the adapter on SMS_URL (providers/sms/gateway.ts) */
  sms?: SmsGateway;
  /** web push; default the VAPID adapter with the VAPID_* settings (providers/push.ts) */
  push?: PushService;
}

export interface Started {
  deps: Deps;
  hits: HitCounter;
  /** the development controls' state, null unless DEV_CONTROLS is on outside production */
  dev: DevState | null;
  /** closes the providers and the database */
  close(): Promise<void>;
}

/** `ownUrl`: this server's address once it listens (where the provider's notices come without RAILS_CALLBACK_URL) */
export async function start(cfg: Config, opts: BuildOptions, log: FastifyBaseLogger, ownUrl: () => string): Promise<Started> {
  configureAtRest(cfg.dataKey);
  const opened = await openDb(cfg, log);
  if (opened.kind !== 'postgres') await sweepIncoming(cfg.uploadDir);
  const photos =
    opened.kind === 'postgres'
      ? dbStorage(opened.db, Date.now)
      : diskStorage(cfg.uploadDir, { minFreeBytes: cfg.uploadMinFreeBytes, probeCacheMs: POLICY.uploads.storeProbeCacheMs, fs: opts.uploadFs });
  const clock = new Clock(cfg.clockSpeed);
  try {
    await seed(opened.db, cfg.profile);
    const encrypted = await underStartupLock(opened.db, (c) => encryptLegacyRows(c, photos));
    if (encrypted) log.info({ encrypted }, 'encrypted at rest what was stored in clear');
  } catch (e) {
    await opened.close();
    throw e;
  }
  // development and tests only: decisions forced per borrower, codes kept for /__dev/otp
  const dev = cfg.devControls && cfg.nodeEnv !== 'production' ? devState() : null;
  const metrics = createMetrics();
  // the SMS gateway (SMS_URL, else the sandbox at RAILS_URL, which plays it too)
  const sms =
    opts.sms ??
    smsGateway({
      url: cfg.smsUrl ?? cfg.railsUrl,
      apiKey: cfg.smsApiKey,
      secret: cfg.smsSecret,
      sender: cfg.smsSender,
      timeoutMs: cfg.smsTimeoutMs,
      reportUrl: () => cfg.smsReportUrl ?? ownUrl() + SMS_REPORT_PATH,
    });
  const otp =
    opts.otp ??
    (cfg.smsProvider === 'log' ? logOtpProvider(log, cfg.nodeEnv === 'production') : gatewayOtp({ db: opened.db, log, metrics, now: () => clock.now() }, sms));
  // the credit bureau: its monthly file and its inquiries (BUREAU_URL, else the sandbox at RAILS_URL, which plays it too)
  const bureauProvider = meteredBureau(
    ecibBureau({
      url: cfg.bureauUrl ?? cfg.railsUrl,
      memberCode: cfg.bureauMemberCode,
      secret: cfg.bureauSecret,
      timeoutMs: cfg.bureauTimeoutMs,
      inquiryTimeoutMs: cfg.bureauInquiryTimeoutMs,
    }),
    metrics,
  );
  const deps: Deps = {
    cfg,
    db: opened.db,
    dbKind: opened.kind,
    clock,
    log,
    storage: sealedStorage(photos),
    sms,
    otp: meteredOtp(dev ? recordingOtp(otp, dev) : otp, metrics),
    ocr: opts.ocr ?? tesseractOcr(),
    face: opts.face ?? faceCheck({ ...POLICY.face, workers: cfg.faceWorkers }),
    outcomes: dev ? forcedOutcomes(configuredOutcomes(cfg), dev) : configuredOutcomes(cfg),
    rails: meteredRails(
      opts.rails ??
        jazzcashRails({
          url: cfg.railsUrl,
          merchantId: cfg.railsMerchantId,
          salt: cfg.railsIntegritySalt,
          timeoutMs: cfg.railsTimeoutMs,
          callbackUrl: () => cfg.railsCallbackUrl ?? ownUrl() + RAILS_NOTICE_PATH,
        }),
      metrics,
    ),
    hits: opened.kind === 'postgres' ? dbCounter(opened.db) : memoryCounter(),
    bureauProvider,
    push:
      opts.push ??
      vapidPush({
        publicKey: cfg.vapidPublicKey,
        privateKey: cfg.vapidPrivateKey,
        subject: cfg.vapidSubject,
        timeoutMs: POLICY.push.timeoutMs,
        ttlSeconds: POLICY.push.ttlSeconds,
      }),
    bureau: creditBureau(opened.db, bureauProvider),
    metrics,
  };
  queueDepthGauge(
    metrics,
    () => queueDepths(deps),
    (e) => log.warn({ err: (e as Error).message }, 'metrics: job queue depths not counted'),
  );
  return {
    deps,
    hits: deps.hits,
    dev,
    async close() {
      await deps.ocr.close();
      await deps.face.close();
      await opened.close();
    },
  };
}
