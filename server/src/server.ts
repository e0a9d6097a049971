/**
 * The HTTP surface: one route per prefix (`/api/:sealed`, `/cou/:sealed`) that opens the
 * sealed path and params (wire-protocol.md), finds the endpoint in the shared catalogue,
 * validates, authenticates, runs the handler and answers `{code, msg, data}`.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import { openDb } from './db';
import C from './contract';
import type { Endpoint, EndpointName, WireKey } from './contract';
import { AppError, Clock, ErrorCode } from './lib';
import type { Ctx, Deps, DevState } from './deps';
import { dbStorage, diskStorage, sniffImage } from './storage';
import { configureAtRest, encryptLegacyRows, sealedStorage } from './atRest';
import { underStartupLock } from './db/migrations';
import { cleanImage } from './images';
import { RATE_WINDOW_MS, dbCounter, memoryCounter, rateLimitStore } from './ratelimit';
import { logOtpProvider, type OtpProvider } from './otp';
import { tesseractOcr, type Ocr } from './ocr';
import { faceCheck, type FaceCheck } from './face';
import { seed } from './seed';
import { handlers } from './services';
import { authenticate } from './services/security';
import { runJobs, startJobs } from './jobs';
import { checkPolicy } from './policy';
import { catalogueSummary } from './catalogue';
import { registerDevRoutes } from './dev';

const { endpoints, endpointSchemas, deriveKey, openPath, openParams, WireError, errorMessage, fieldErrors, uiLanguage, unsafeValues, API_PREFIX, COUNTRY_PREFIX } = C;

type Route = { name: EndpointName; ep: Endpoint; re: RegExp; vars: string[] };
function buildRoutes(): Route[] {
  return (Object.entries(endpoints) as [EndpointName, Endpoint][]).map(([name, ep]) => {
    const vars: string[] = [];
    const re = new RegExp('^' + ep.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => { vars.push(a ?? b); return '([^/]+)'; }) + '$');
    return { name, ep, re, vars };
  });
}

/** calls that act on or reveal an account: counted per address against AUTH_RATE_LIMIT_MAX */
const AUTH_CALLS = new Set<EndpointName>(['login', 'register', 'getVerifyCode', 'existsByMobile']);

export interface BuildOptions {
  otp?: OtpProvider;
  ocr?: Ocr;
  face?: FaceCheck;
}
export interface Built {
  app: FastifyInstance;
  deps: Deps;
  close(): Promise<void>;
}

class Wire extends Error {
  constructor(public code: number, public status: number, public data: unknown = null) { super(String(code)); }
}

/** Every answer, success or failure, is the `{code, msg, data}` envelope (wire-protocol.md). */
function send(reply: FastifyReply, lang: string, code: number, data: unknown, status = 200, vars?: Record<string, string | number>) {
  (reply.request as FastifyRequest & { wireCode?: number }).wireCode = code;
  // every answer is one user's, and some GETs move money (get-money, extension): no cache may keep or replay any
  return reply.status(status).type('application/json; charset=utf-8').header('cache-control', 'no-store').send({ code, msg: errorMessage(code, lang, vars), data: data ?? null });
}
/**
 * Node refuses some requests before Fastify sees them (headers or URL past its 16 KB limit, a broken
 * request line): the answer is still the envelope, in English since no header was read.
 */
function clientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, code] = err.code === 'HPE_HEADER_OVERFLOW' ? [431, ErrorCode.bodyTooLarge]
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, ErrorCode.malformedRequest] : [400, ErrorCode.malformedRequest];
  const body = JSON.stringify({ code, msg: errorMessage(code, 'en'), data: null });
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n`
    + `content-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`);
}
const langOf = (req: FastifyRequest) => uiLanguage(req.headers.lang as string | undefined);

export async function buildServer(cfg: Config, opts: BuildOptions = {}): Promise<Built> {
  checkPolicy();
  const app = Fastify({
    logger: cfg.logLevel === 'silent' ? false : {
      level: cfg.logLevel,
      redact: { paths: ['req.headers.authorization', 'headers.authorization', '*.mobile', '*.code', '*.token', '*.accountNumber', '*.confirmAccountNumber', '*.cvc', '*.nationalId'], censor: '[redacted]' },
    },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: cfg.bodyLimit,
    trustProxy: cfg.trustProxy ?? false,
    routerOptions: { maxParamLength: 2048 },
    clientErrorHandler: clientError,
    // a URL the router cannot decode or a path segment over the limit: still the envelope
    frameworkErrors: (err, req, reply) => send(reply, langOf(req), ErrorCode.malformedRequest, null, (err as { statusCode?: number }).statusCode ?? 400),
  });
  configureAtRest(cfg.dataKey);
  const opened = await openDb(cfg);
  const photos = opened.kind === 'postgres' ? dbStorage(opened.db, Date.now) : diskStorage(cfg.uploadDir);
  try {
    await seed(opened.db);
    const encrypted = await underStartupLock(opened.db, (c) => encryptLegacyRows(c, photos));
    if (encrypted) app.log.info({ encrypted }, 'encrypted at rest what was stored in clear');
  } catch (e) {
    await opened.close();
    throw e;
  }
  const dev: DevState = { force: new Map(), lastOtp: new Map() };
  const deps: Deps = {
    cfg, db: opened.db, dbKind: opened.kind, clock: new Clock(cfg.clockSpeed), log: app.log,
    storage: sealedStorage(photos), otp: opts.otp ?? logOtpProvider(app.log, cfg.nodeEnv === 'production'),
    ocr: opts.ocr ?? tesseractOcr(), face: opts.face ?? faceCheck(), dev,
  };

  await app.register(helmet, { global: true });
  // a preflight without Origin is no browser's: refused in the envelope (the CORS plugin would answer an empty 400)
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'OPTIONS' && !req.headers.origin) return send(reply, langOf(req), ErrorCode.malformedRequest, null, 400);
  });
  await app.register(cors, {
    origin: cfg.corsOrigins,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'packageName', 'appName', 'afid', 'lang', 'Content-Type'],
    maxAge: 600,
  });
  await app.register(multipart, { limits: { fileSize: cfg.uploadMaxBytes, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 } });
  const hits = opened.kind === 'postgres' ? dbCounter(opened.db) : memoryCounter();
  if (cfg.rateLimitMax > 0) {
    await app.register(rateLimit, {
      max: cfg.rateLimitMax,
      timeWindow: RATE_WINDOW_MS,
      store: rateLimitStore(hits, 'all:'),
      errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: ErrorCode.rateLimited, msg: errorMessage(ErrorCode.rateLimited, 'en'), data: { retryAfterSeconds: Math.ceil(ctx.ttl / 1000) } }),
    });
  }

  app.setErrorHandler((err: any, req, reply) => {
    const lang = uiLanguage(req.headers.lang as string | undefined);
    if (err instanceof AppError) return send(reply, lang, err.code, err.data, err.httpStatus, err.vars);
    if (err instanceof Wire) return send(reply, lang, err.code, err.data, err.status);
    const sc = err.statusCode ?? 500;
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT' || err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FIELDS_LIMIT') {
      return send(reply, lang, err.code === 'FST_REQ_FILE_TOO_LARGE' ? ErrorCode.fileTooLarge : ErrorCode.malformedRequest, null, 413);
    }
    if (sc === 413) return send(reply, lang, ErrorCode.bodyTooLarge, null, 413);
    if (sc === 429) return send(reply, lang, ErrorCode.rateLimited, err.data ?? null, 429);
    if (sc >= 400 && sc < 500) return send(reply, lang, ErrorCode.malformedRequest, null, sc);
    req.log.error({ err }, 'unhandled error');
    return send(reply, lang, ErrorCode.serverError, null, 500);
  });
  app.setNotFoundHandler((req, reply) => send(reply, uiLanguage(req.headers.lang as string | undefined), ErrorCode.unknownCall, null, 404));

  app.addHook('onResponse', async (req, reply) => {
    const r = req as FastifyRequest & { callName?: string; wireCode?: number };
    req.log.info({ call: r.callName ?? req.url.split('?')[0].slice(0, 24), method: req.method, status: reply.statusCode, code: r.wireCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  const routes = buildRoutes();
  const keys = new Map<string, WireKey>();

  const handle = async (prefix: string, req: FastifyRequest, reply: FastifyReply) => {
    const lang = uiLanguage(req.headers.lang as string | undefined);
    const pkg = req.headers.packagename;
    if (typeof pkg !== 'string' || !pkg || !/^[\x21-\x7e]{1,200}$/.test(pkg)) throw new Wire(ErrorCode.packageNameInvalid, 400);
    let key = keys.get(pkg);
    if (!key) {
      try { key = deriveKey(pkg); } catch { throw new Wire(ErrorCode.packageNameInvalid, 400); }
      if (keys.size > 1000) keys.clear();
      keys.set(pkg, key);
    }
    let path: string;
    try {
      path = openPath(key, (req.params as { sealed: string }).sealed);
    } catch {
      throw new Wire(ErrorCode.cipherFailed, 400, { part: 'path' });
    }
    const logical = path.split('?')[0];
    let route: Route | undefined;
    let match: RegExpExecArray | null = null;
    for (const r of routes) {
      if (r.ep.prefix !== prefix) continue;
      match = r.re.exec(logical);
      if (match) { route = r; break; }
    }
    if (!route) throw new Wire(ErrorCode.unknownCall, 404);
    if (route.ep.method !== req.method) throw new Wire(ErrorCode.unknownCall, 405);
    (req as FastifyRequest & { callName?: string }).callName = route.name;

    // authentication first: a logged-out user gets the logout code (and no upload is read), not field errors
    const authHeader = req.headers.authorization;
    let user: Ctx['user'] = null;
    let token: string | undefined;
    if (route.ep.auth || authHeader) {
      const a = await authenticate(deps, authHeader);
      if ('code' in a) {
        if (route.ep.auth) return send(reply, lang, a.code, null);
      } else { user = a.user; token = a.token; }
    }

    let body: unknown = req.body;
    let file: Ctx['file'];
    if (route.ep.multipart) {
      if (!req.isMultipart()) throw new Wire(ErrorCode.malformedRequest, 400, { part: 'multipart' });
      const fields: Record<string, string> = {};
      try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const buf = await part.toBuffer();
          if (part.fieldname !== 'file') continue;
          if (!buf.length) throw new AppError(ErrorCode.fileMissing);
          if (!sniffImage(buf)) throw new AppError(ErrorCode.fileBadType);
          const img = await cleanImage(buf);
          if ('error' in img) throw new AppError(img.error);
          file = { buffer: img.buffer, mime: img.mime };
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
      } catch (e) {
        const code = (e as { code?: string }).code ?? '';
        if (e instanceof AppError || code.startsWith('FST_')) throw e;
        throw new Wire(ErrorCode.malformedRequest, 400, { part: 'multipart' });
      }
      body = fields;
    } else if (req.isMultipart()) throw new Wire(ErrorCode.malformedRequest, 400, { part: 'multipart' });

    let params: Record<string, unknown>;
    try {
      params = openParams(key, req.query, body);
    } catch (e) {
      if (e instanceof WireError) {
        if (e.part === 'field') throw new Wire(ErrorCode.malformedRequest, 400, { part: 'field' });
        if (e.part === 't') throw new Wire(ErrorCode.timestampMissing, 400);
        throw new Wire(ErrorCode.cipherFailed, 400, { part: 'params' });
      }
      throw e;
    }
    route.vars.forEach((v, i) => { try { params[v] = decodeURIComponent(match![i + 1]); } catch { params[v] = match![i + 1]; } });

    if (AUTH_CALLS.has(route.name) && cfg.authRateLimitMax > 0) {
      const now = Date.now();
      const h = await hits.hit(`auth:${req.ip}`, RATE_WINDOW_MS, now);
      if (h.n > cfg.authRateLimitMax) return send(reply, lang, ErrorCode.rateLimited, { retryAfterSeconds: Math.ceil((h.resetAt - now) / 1000) }, 429);
    }

    const unsafe = unsafeValues(params);
    if (unsafe) return send(reply, lang, ErrorCode.validationFailed, { fields: unsafe });
    const parsed = endpointSchemas[route.name].request.safeParse(params);
    if (!parsed.success) return send(reply, lang, ErrorCode.validationFailed, { fields: fieldErrors(parsed.error.issues) });
    const ctx: Ctx = { deps, user, lang, ip: req.ip, file };
    const data = await handlers[route.name](parsed.data, ctx, token);
    if (cfg.validateResponses) {
      const chk = endpointSchemas[route.name].response.safeParse(data);
      if (!chk.success) {
        req.log.error({ call: route.name, issues: chk.error.issues.slice(0, 5) }, 'response does not match the catalogue');
        return send(reply, lang, ErrorCode.serverError, cfg.nodeEnv === 'production' ? null : { responseIssues: chk.error.issues.slice(0, 5) }, 500);
      }
    }
    return send(reply, lang, ErrorCode.ok, data);
  };

  for (const prefix of [API_PREFIX, COUNTRY_PREFIX]) {
    app.route({ method: ['GET', 'POST'], url: `${prefix}/:sealed`, handler: (req, reply) => handle(prefix, req, reply) });
  }
  app.get('/health', async () => ({ ok: true, db: deps.dbKind }));
  // what a front-end release is checked against before it goes live (scripts/release)
  const contract = catalogueSummary();
  app.get('/contract', async () => contract);

  if (cfg.devControls && cfg.nodeEnv !== 'production') registerDevRoutes(app, deps, () => runJobs(deps));

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
      await deps.ocr.close();
      await deps.face.close();
      await opened.close();
    },
  };
}

export async function startServer(cfg: Config, opts: BuildOptions = {}) {
  const built = await buildServer(cfg, opts);
  try {
    await built.app.listen({ port: cfg.port, host: cfg.host });
  } catch (e) {
    await built.close();
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new Error(`port ${cfg.port} on ${cfg.host} is already in use: stop the other process or set PORT`, { cause: e });
    throw e;
  }
  const addr = built.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : cfg.port;
  return { ...built, port, url: `http://${cfg.host}:${port}` };
}
