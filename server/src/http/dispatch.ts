/**
 * The wire dispatcher (wire-protocol.md): one route per prefix (`/api/:sealed`, `/cou/:sealed`)
 * that opens the sealed path, finds the call in the catalogue, authenticates, opens and validates
 * the params with the call's request schema, runs its handler and answers in the envelope.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import C from '../api/contract';
import type { Endpoint, EndpointName, WireKey } from '../api/contract';
import { ErrorCode } from '../core/errors';
import type { Ctx, Deps } from '../context/deps';
import type { Req } from '../api/calls';
import { runHandler } from '../services';
import { authenticate } from '../usecases/sessions';
import { langOf, send, WireRefusal } from './envelope';
import { noteLanguage } from '../usecases/notices';
import { readUpload } from './uploads';
import type { AuthLimit } from './rateLimit';
import { firstUse, staleT } from './freshness';

const { endpoints, endpointSchemas, deriveKey, openPath, openParams, sealedField, WireError, fieldErrors, unsafeValues, API_PREFIX, COUNTRY_PREFIX } = C;

type Route = { name: EndpointName; ep: Endpoint; re: RegExp; vars: string[] };
function buildRoutes(): Route[] {
  return (Object.entries(endpoints) as [EndpointName, Endpoint][]).map(([name, ep]) => {
    const vars: string[] = [];
    const re = new RegExp(
      '^' +
        ep.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => {
          vars.push(a ?? b);
          return '([^/]+)';
        }) +
        '$',
    );
    return { name, ep, re, vars };
  });
}

export const dispatch: FastifyPluginAsync<{ deps: Deps; authLimit: AuthLimit }> = async (app, { deps, authLimit }) => {
  const { cfg } = deps;
  const routes = buildRoutes();
  const keys = new Map<string, WireKey>();

  /** the key of the request's packageName (derived once per name) */
  const keyOf = (req: FastifyRequest): WireKey => {
    const pkg = req.headers.packagename;
    if (typeof pkg !== 'string' || !pkg || !/^[\x21-\x7e]{1,200}$/.test(pkg)) throw new WireRefusal(ErrorCode.packageNameInvalid, 400);
    let key = keys.get(pkg);
    if (!key) {
      try {
        key = deriveKey(pkg);
      } catch {
        throw new WireRefusal(ErrorCode.packageNameInvalid, 400);
      }
      if (keys.size > 1000) keys.clear();
      keys.set(pkg, key);
    }
    return key;
  };

  const handle = async (prefix: string, req: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(req);
    const key = keyOf(req);
    let path: string;
    try {
      path = openPath(key, (req.params as { sealed: string }).sealed);
    } catch {
      throw new WireRefusal(ErrorCode.cipherFailed, 400, { part: 'path' });
    }
    const logical = path.split('?')[0];
    let route: Route | undefined;
    let match: RegExpExecArray | null = null;
    for (const r of routes) {
      if (r.ep.prefix !== prefix) continue;
      match = r.re.exec(logical);
      if (match) {
        route = r;
        break;
      }
    }
    if (!route || !match) throw new WireRefusal(ErrorCode.unknownCall, 404);
    if (route.ep.method !== req.method) throw new WireRefusal(ErrorCode.unknownCall, 405);
    req.callName = route.name;

    // authentication first: a logged-out user gets the logout code (and no upload is read), not field errors
    const authHeader = req.headers.authorization;
    let user: Ctx['user'] = null;
    let token: string | undefined;
    if (route.ep.auth || authHeader) {
      const a = await authenticate(deps, authHeader);
      if ('code' in a) {
        if (route.ep.auth) return send(reply, lang, a.code, null);
      } else {
        user = a.user;
        token = a.token;
      }
    }

    let body: unknown = req.body;
    let file: Ctx['file'];
    if (route.ep.multipart) ({ fields: body, file } = await readUpload(req));
    else if (req.isMultipart()) throw new WireRefusal(ErrorCode.malformedRequest, 400, { part: 'multipart' });

    let params: Record<string, unknown>;
    try {
      params = openParams(key, req.query, body);
    } catch (e) {
      if (e instanceof WireError) {
        if (e.part === 'field') throw new WireRefusal(ErrorCode.malformedRequest, 400, { part: 'field' });
        if (e.part === 't') throw new WireRefusal(ErrorCode.timestampMissing, 400);
        throw new WireRefusal(ErrorCode.cipherFailed, 400, { part: 'params' });
      }
      throw e;
    }
    const stale = staleT(cfg, params.t as number);
    if (stale) throw new WireRefusal(ErrorCode.requestStale, 400, stale);
    const found = match;
    route.vars.forEach((v, i) => {
      try {
        params[v] = decodeURIComponent(found[i + 1]);
      } catch {
        params[v] = found[i + 1];
      }
    });

    const wait = await authLimit(route.name, req.ip);
    if (wait !== null) return send(reply, lang, ErrorCode.rateLimited, { retryAfterSeconds: wait }, 429);

    const unsafe = unsafeValues(params);
    if (unsafe) return send(reply, lang, ErrorCode.validationFailed, { fields: unsafe });
    const parsed = endpointSchemas[route.name].request.safeParse(params);
    if (!parsed.success) return send(reply, lang, ErrorCode.validationFailed, { fields: fieldErrors(parsed.error.issues) });
    if (!(await firstUse(deps, route.name, route.ep, sealedField(req.query, body)))) throw new WireRefusal(ErrorCode.requestReplayed, 409);
    // the language the borrower uses now is the one of their texts and notices
    if (user && req.headers.lang !== undefined && user.lang !== lang) await noteLanguage(deps, user.id, lang);
    const ctx: Ctx = { deps, user, lang, ip: req.ip, file };
    const data = await runHandler(route.name, parsed.data as Req<typeof route.name>, ctx, token);
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
};
