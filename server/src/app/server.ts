/** The API server: Fastify with one plugin per job, composed over the dependencies `start` assembles. */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from '../settings/config';
import type { Deps } from '../context/deps';
import { checkProfile } from '../market/profile';
import { runJobs, startJobs } from './jobs';
import { start, type BuildOptions } from './startup';
import { clientError, envelope, requestLog, routerError } from '../http/envelope';
import { security } from '../http/security';
import { uploads } from '../http/uploads';
import { authLimit, requestLimit } from '../http/rateLimit';
import { dispatch } from '../http/dispatch';
import { health } from '../http/health';
import { borrowerCap } from '../http/borrowerCap';
import { devRoutes } from '../http/devRoutes';
import { opsRoutes } from '../http/opsRoutes';
import { callMetrics, metricsRoute } from '../http/metrics';
import { staffRoutes, STAFF_PREFIX } from '../http/staffRoutes';
import { railsRoutes } from '../http/railsRoutes';
import { smsRoutes } from '../http/smsRoutes';

export type { BuildOptions };
export interface Built {
  app: FastifyInstance;
  deps: Deps;
  close(): Promise<void>;
}

export async function buildServer(cfg: Config, opts: BuildOptions = {}): Promise<Built> {
  checkProfile(cfg.profile);
  const app = Fastify({
    logger:
      cfg.logLevel === 'silent'
        ? false
        : {
            level: cfg.logLevel,
            redact: {
              paths: [
                'req.headers.authorization',
                'headers.authorization',
                '*.mobile',
                '*.code',
                '*.token',
                '*.accountNumber',
                '*.confirmAccountNumber',
                '*.cvc',
                '*.nationalId',
              ],
              censor: '[redacted]',
            },
          },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: cfg.bodyLimit,
    // slow clients: headers, the whole request, an idle socket and an idle keep-alive are all bounded
    // (checked every second, not Node's default 30 s)
    http: { headersTimeout: cfg.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: cfg.requestTimeoutMs,
    connectionTimeout: cfg.connectionTimeoutMs,
    keepAliveTimeout: cfg.keepAliveTimeoutMs,
    trustProxy: cfg.trustProxy ?? false,
    routerOptions: { maxParamLength: 2048 },
    clientErrorHandler: clientError,
    frameworkErrors: routerError,
  });
  const { deps, hits, dev, close } = await start(cfg, opts, app.log, () => {
    const a = app.server.address();
    const host = cfg.host === '0.0.0.0' || cfg.host === '::' ? '127.0.0.1' : cfg.host;
    return typeof a === 'object' && a ? `http://${host}:${a.port}` : `http://${host}:${cfg.port}`;
  });

  await app.register(security, { corsOrigins: cfg.corsOrigins, staffOrigins: cfg.staffOrigins });
  if (cfg.borrowerMaxConcurrent > 0) await app.register(borrowerCap, { max: cfg.borrowerMaxConcurrent });
  await app.register(uploads, { maxBytes: cfg.uploadMaxBytes });
  if (cfg.rateLimitMax > 0) await app.register(requestLimit, { max: cfg.rateLimitMax, hits });
  await app.register(envelope);
  await app.register(requestLog);
  await app.register(callMetrics, { metrics: deps.metrics });
  await app.register(dispatch, { deps, authLimit: authLimit(hits, cfg.authRateLimitMax) });
  await app.register(health, { db: deps.db, dbKind: deps.dbKind, storage: deps.storage });
  await app.register(staffRoutes, { deps, prefix: STAFF_PREFIX });
  await app.register(railsRoutes, { deps });
  await app.register(smsRoutes, { deps });
  if (dev) await app.register(devRoutes, { deps, dev, runJobs: () => runJobs(deps) });
  if (cfg.opsToken) {
    await app.register(opsRoutes, { deps, token: cfg.opsToken });
    await app.register(metricsRoute, { metrics: deps.metrics, secret: cfg.secret, token: cfg.opsToken });
  }

  const stopJobs = startJobs(deps);
  let closed = false;
  return {
    app,
    deps,
    async close() {
      if (closed) return;
      closed = true;
      stopJobs();
      await app.close();
      await close();
    },
  };
}

export async function startServer(cfg: Config, opts: BuildOptions = {}) {
  const built = await buildServer(cfg, opts);
  try {
    await built.app.listen({ port: cfg.port, host: cfg.host });
  } catch (e) {
    await built.close();
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new Error(`port ${cfg.port} on ${cfg.host} is already in use: stop the other process or set PORT`, { cause: e });
    throw e;
  }
  const addr = built.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : cfg.port;
  return { ...built, port, url: `http://${cfg.host}:${port}` };
}
