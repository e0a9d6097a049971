/**
 * The staff API (docs/operations-api.md): plain JSON under /staff/, on the same server as the borrower
 * wire protocol but apart from it: staff sessions, its own sign-in limits, CORS for the console's
 * origins only (security.ts), never proxied by the borrower front ends. Every route names the roles it
 * allows (`roles`, from staff/roles.ts `CAN`): its handler gets a `StaffCtx` narrowed to those roles
 * only after the check passed, so a handler calling a service that needs another role does not compile,
 * and neither does a route without a role list.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../context/deps';
import C from '../api/contract';
import { POLICY } from '../settings/policy';
import { RATE_WINDOW_MS } from '../repos/hitCounters';
import { CAN, STAFF_ROLES, type StaffRole } from '../staff/roles';
import { listRailExceptions, listTransfers } from '../services/railsDesk';
import { PASSWORD_MAX, PASSWORD_MIN } from '../staff/password';
import { WAIVABLE } from '../domain/ledger';
import { listStaff } from '../repos/staff';
import {
  audited,
  authenticateStaff,
  changePassword,
  createStaffAccount,
  disableAccount,
  signIn,
  signOut,
  staffView,
  StaffRefusal,
  unlockAccount,
  USERNAME,
  type StaffCtx,
  type StaffMember,
} from '../services/staffAuth';
import { approveProposal, listProposals, propose, rejectProposal } from '../services/proposals';
import { exportAudit, listAudit, verifyAudit } from '../services/auditTrail';
import { decideProof, listProofs, proofImage } from '../services/proofQueue';
import { listReviews, decideReview } from '../services/reviewQueue';
import { borrowerDetail, revealField, REVEALABLE, searchBorrowers } from '../services/borrowerView';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES, CONTACT_PARTIES, orderContacts, overdueQueue, recordContact } from '../services/collections';
import { escalateComplaint, listComplaints, replyToComplaint, resolveComplaint } from '../services/complaintDesk';
import { clientOf } from '../core/address';
import { isContention } from '../db/contention';
import { claimItem, QUEUE_PERMISSION, releaseItem, takeOverItem, type Queue } from '../services/queueClaims';

const { STAFF_ERRORS, staffErrorMessage } = C;

export const STAFF_PREFIX = '/staff';
export const isStaffUrl = (url: string) => url === STAFF_PREFIX || url.startsWith(`${STAFF_PREFIX}/`) || url.startsWith(`${STAFF_PREFIX}?`);

interface Input<B> {
  body: B;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
}
export interface StaffRoute<R extends StaffRole, B> {
  method: 'GET' | 'POST';
  /** under /staff */
  url: `/${string}`;
  /** who may call it (required: a route without one does not compile) */
  roles: readonly [R, ...R[]];
  body?: z.ZodType<B>;
  handler: (ctx: StaffCtx<R>, input: Input<B>, reply: FastifyReply) => Promise<unknown>;
}
/** a declared route, its role check and input parsing closed over: the handler is reachable only through them */
interface Declared {
  method: 'GET' | 'POST';
  url: string;
  /** null when the member's role is not one of the route's */
  run(ctx: StaffCtx, raw: Input<unknown>, reply: FastifyReply): Promise<unknown> | null;
}

const hasRole = <R extends StaffRole>(s: StaffMember, roles: readonly R[]): s is StaffMember<R> => (roles as readonly StaffRole[]).includes(s.role);

/** declares a route: `R` is inferred from `roles`, and the handler's context carries exactly those */
export function staffRoute<R extends StaffRole, B = undefined>(r: StaffRoute<R, B>): Declared {
  return {
    method: r.method,
    url: r.url,
    run(ctx, raw, reply) {
      const { staff } = ctx;
      if (!hasRole(staff, r.roles)) return null;
      let body = raw.body as B;
      if (r.body) {
        const b = r.body.safeParse(raw.body ?? {});
        if (!b.success) throw new StaffRefusal('invalidInput', { fields: fieldsOf(b.error) });
        body = b.data;
      }
      return r.handler({ ...ctx, staff }, { ...raw, body }, reply);
    },
  };
}

const idParam = (params: Record<string, string>): number => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new StaffRefusal('notFound');
  return id;
};
const fieldsOf = (e: z.ZodError) => Object.fromEntries(e.issues.map((i) => [i.path.join('.') || 'body', i.message]));
const reason = z.string().trim().min(3).max(500);
const timeQ = (v: string | undefined, name: string): number | undefined => {
  if (v === undefined || v === '') return undefined;
  const ms = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
  if (Number.isNaN(ms)) throw new StaffRefusal('invalidInput', { fields: { [name]: 'an ISO time or epoch milliseconds' } });
  return ms;
};
const intQ = (v: string | undefined, name: string): number | undefined => {
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,15}$/.test(v)) throw new StaffRefusal('invalidInput', { fields: { [name]: 'a whole number' } });
  return Number(v);
};
/** one of `values`, undefined when absent */
function oneOf<T extends string>(v: string | undefined, name: string, values: readonly T[]): T | undefined {
  if (v === undefined || v === '') return undefined;
  if (!(values as readonly string[]).includes(v)) throw new StaffRefusal('invalidInput', { fields: { [name]: values.join(', ') } });
  return v as T;
}
const auditFilter = (q: Record<string, string | undefined>) => ({
  staffId: intQ(q.staffId, 'staffId'),
  action: q.action || undefined,
  subject: q.subject || undefined,
  from: timeQ(q.from, 'from'),
  to: timeQ(q.to, 'to'),
  afterSeq: intQ(q.afterSeq, 'afterSeq'),
});

const SignInBody = z
  .object({ username: z.string().trim().toLowerCase().max(40), password: z.string().max(PASSWORD_MAX), totp: z.string().trim().optional() })
  .strict();
const NewStaffBody = z
  .object({ username: z.string().trim().toLowerCase().regex(USERNAME), name: z.string().trim().min(2).max(100), role: z.enum(STAFF_ROLES) })
  .strict();

const orderNoField = z.string().trim().min(1).max(64);
const amountField = z.number().int().positive();
const ProposalBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('waiver'), orderNo: orderNoField, account: z.enum(WAIVABLE), amount: amountField, reason }).strict(),
  z.object({ kind: z.literal('refund'), orderNo: orderNoField, amount: amountField, reason }).strict(),
  z.object({ kind: z.literal('writeOff'), orderNo: orderNoField, reason }).strict(),
  z.object({ kind: z.literal('payoutRetry'), orderNo: orderNoField, reason }).strict(),
]);
const ContactBody = z
  .object({
    channel: z.enum(CONTACT_CHANNELS),
    party: z.enum(CONTACT_PARTIES),
    outcome: z.enum(CONTACT_OUTCOMES),
    note: z.string().trim().max(1000).optional(),
    promiseDate: z.iso.date().optional(),
    promiseAmount: amountField.optional(),
  })
  .strict()
  .refine((c) => (c.outcome === 'promiseToPay') === (c.promiseDate !== undefined), {
    path: ['promiseDate'],
    message: 'a promise-to-pay date exactly when the outcome is promiseToPay',
  })
  .refine((c) => c.promiseAmount === undefined || c.outcome === 'promiseToPay', { path: ['promiseAmount'], message: 'only with a promise to pay' });

/**
 * A queue's item claims under its items' path (`/proofs/:id/claim`...): claim and release by the queue's roles, a
 * takeover by a supervisor's (CAN.takeOverClaims)
 */
function claimRoutes<Q extends Queue>(queue: Q, path: string, param: string) {
  const roles = CAN[QUEUE_PERMISSION[queue]];
  return [
    staffRoute({ method: 'POST', url: `/${path}/:${param}/claim`, roles, handler: (ctx, { params }) => claimItem(ctx, queue, params[param]) }),
    staffRoute({ method: 'POST', url: `/${path}/:${param}/release`, roles, handler: (ctx, { params }) => releaseItem(ctx, queue, params[param]) }),
    staffRoute({
      method: 'POST',
      url: `/${path}/:${param}/takeover`,
      roles: CAN.takeOverClaims,
      handler: (ctx, { params }) => takeOverItem(ctx, queue, params[param]),
    }),
  ];
}

/** every route but sign-in */
const ROUTES = [
  ...claimRoutes('review', 'reviews', 'orderNo'),
  ...claimRoutes('proof', 'proofs', 'id'),
  ...claimRoutes('complaint', 'complaints', 'ticketNo'),
  ...claimRoutes('collections', 'collections', 'orderNo'),
  staffRoute({ method: 'GET', url: '/me', roles: CAN.self, handler: async (ctx) => ({ staff: ctx.staff }) }),
  staffRoute({ method: 'POST', url: '/session/end', roles: CAN.self, handler: (ctx) => signOut(ctx) }),
  staffRoute({
    method: 'POST',
    url: '/me/password',
    roles: CAN.self,
    body: z.object({ currentPassword: z.string().max(PASSWORD_MAX), newPassword: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX) }).strict(),
    handler: (ctx, { body }) => changePassword(ctx, body.currentPassword, body.newPassword),
  }),

  staffRoute({
    method: 'GET',
    url: '/accounts',
    roles: CAN.manageStaff,
    handler: async (ctx) => ({ staff: (await listStaff(ctx.deps.db)).map((s) => staffView(s)) }),
  }),
  staffRoute({
    method: 'POST',
    url: '/accounts',
    roles: CAN.manageStaff,
    body: NewStaffBody,
    handler: (ctx, { body }) => createStaffAccount(ctx.deps, ctx.staff, body),
  }),
  staffRoute({ method: 'POST', url: '/accounts/:id/unlock', roles: CAN.manageStaff, handler: (ctx, { params }) => unlockAccount(ctx, idParam(params)) }),
  staffRoute({ method: 'POST', url: '/accounts/:id/disable', roles: CAN.manageStaff, handler: (ctx, { params }) => disableAccount(ctx, idParam(params)) }),

  staffRoute({
    method: 'POST',
    url: '/proposals',
    roles: CAN.proposeMoney,
    body: ProposalBody,
    handler: (ctx, { body }) => propose(ctx, body),
  }),
  staffRoute({
    method: 'GET',
    url: '/proposals',
    roles: [...CAN.proposeMoney, ...CAN.approveMoney],
    handler: (ctx, { query }) =>
      listProposals(ctx, { status: oneOf(query.status, 'status', ['pending', 'applied', 'rejected', 'failed']), orderNo: query.orderNo || undefined }),
  }),
  staffRoute({ method: 'POST', url: '/proposals/:id/approve', roles: CAN.approveMoney, handler: (ctx, { params }) => approveProposal(ctx, idParam(params)) }),
  staffRoute({
    method: 'POST',
    url: '/proposals/:id/reject',
    roles: CAN.approveMoney,
    body: z.object({ reason }).strict(),
    handler: (ctx, { params, body }) => rejectProposal(ctx, idParam(params), body.reason),
  }),

  staffRoute({
    method: 'GET',
    url: '/reviews',
    roles: CAN.reviewApplications,
    handler: (ctx, { query }) => listReviews(ctx, oneOf(query.status, 'status', ['waiting', 'decided']) ?? 'waiting'),
  }),
  staffRoute({
    method: 'POST',
    url: '/reviews/:orderNo/approve',
    roles: CAN.reviewApplications,
    body: z.object({ reason }).strict(),
    handler: (ctx, { params, body }) => decideReview(ctx, params.orderNo, true, body.reason),
  }),
  staffRoute({
    method: 'POST',
    url: '/reviews/:orderNo/reject',
    roles: CAN.reviewApplications,
    body: z.object({ reason }).strict(),
    handler: (ctx, { params, body }) => decideReview(ctx, params.orderNo, false, body.reason),
  }),

  staffRoute({
    method: 'GET',
    url: '/borrowers',
    roles: CAN.readBorrowers,
    handler: (ctx, { query }) => {
      const q = (query.q ?? '').trim();
      if (q.length < 3 || q.length > 64) throw new StaffRefusal('invalidInput', { fields: { q: 'a mobile number, a CNIC or an order number' } });
      return searchBorrowers(ctx, q);
    },
  }),
  staffRoute({ method: 'GET', url: '/borrowers/:id', roles: CAN.readBorrowers, handler: (ctx, { params }) => borrowerDetail(ctx, idParam(params)) }),
  staffRoute({
    method: 'POST',
    url: '/borrowers/:id/reveal',
    roles: CAN.readBorrowers,
    body: z.object({ field: z.enum(REVEALABLE), reason: z.string().trim().min(POLICY.staff.revealReasonMin).max(500) }).strict(),
    handler: (ctx, { params, body }) => revealField(ctx, idParam(params), body.field, body.reason),
  }),

  staffRoute({ method: 'GET', url: '/collections', roles: CAN.collect, handler: (ctx) => overdueQueue(ctx) }),
  staffRoute({
    method: 'GET',
    url: '/collections/:orderNo/contacts',
    roles: CAN.collect,
    handler: (ctx, { params }) => orderContacts(ctx, params.orderNo),
  }),
  staffRoute({
    method: 'POST',
    url: '/collections/:orderNo/contacts',
    roles: CAN.collect,
    body: ContactBody,
    handler: (ctx, { params, body }) => recordContact(ctx, params.orderNo, body),
  }),

  staffRoute({
    method: 'GET',
    url: '/proofs',
    roles: CAN.checkProofs,
    handler: (ctx, { query }) => listProofs(ctx, oneOf(query.status, 'status', ['pending', 'accepted', 'rejected']) ?? 'pending'),
  }),
  staffRoute({
    method: 'GET',
    url: '/proofs/:id/image',
    roles: CAN.checkProofs,
    handler: async (ctx, { params }, reply) => {
      const img = await proofImage(ctx, idParam(params));
      return reply.type(img.mime).send(img.data);
    },
  }),
  staffRoute({
    method: 'POST',
    url: '/proofs/:id/accept',
    roles: CAN.checkProofs,
    body: z.object({ reason: reason.optional() }).strict(),
    handler: (ctx, { params, body }) => decideProof(ctx, idParam(params), true, body.reason ?? null),
  }),
  staffRoute({
    method: 'POST',
    url: '/proofs/:id/reject',
    roles: CAN.checkProofs,
    body: z.object({ reason }).strict(),
    handler: (ctx, { params, body }) => decideProof(ctx, idParam(params), false, body.reason),
  }),

  staffRoute({
    method: 'GET',
    url: '/complaints',
    roles: CAN.answerComplaints,
    handler: (ctx, { query }) =>
      listComplaints(ctx, {
        status: oneOf(query.status, 'status', ['open', 'inProgress', 'resolved']),
        escalated: query.escalated === undefined ? undefined : query.escalated === 'true',
      }),
  }),
  staffRoute({
    method: 'POST',
    url: '/complaints/:ticketNo/reply',
    roles: CAN.answerComplaints,
    body: z.object({ text: z.string().trim().min(2).max(2000) }).strict(),
    handler: (ctx, { params, body }) => replyToComplaint(ctx, params.ticketNo, body.text),
  }),
  staffRoute({
    method: 'POST',
    url: '/complaints/:ticketNo/resolve',
    roles: CAN.answerComplaints,
    handler: (ctx, { params }) => resolveComplaint(ctx, params.ticketNo),
  }),
  staffRoute({
    method: 'POST',
    url: '/complaints/:ticketNo/escalate',
    roles: CAN.answerComplaints,
    body: z.object({ reason }).strict(),
    handler: (ctx, { params, body }) => escalateComplaint(ctx, params.ticketNo, body.reason),
  }),

  staffRoute({
    method: 'GET',
    url: '/rails/transfers',
    roles: CAN.readRails,
    handler: (ctx, { query }) => {
      const state = oneOf(query.state, 'state', ['failed', 'unknown', 'pending', 'initiated']);
      return listTransfers(ctx, state ? [state] : ['failed', 'unknown']);
    },
  }),
  staffRoute({ method: 'GET', url: '/rails/exceptions', roles: CAN.readRails, handler: (ctx) => listRailExceptions(ctx) }),

  staffRoute({
    method: 'GET',
    url: '/audit',
    roles: CAN.readAudit,
    handler: (ctx, { query }) => listAudit(ctx, auditFilter(query), intQ(query.limit, 'limit') ?? 100),
  }),
  staffRoute({ method: 'GET', url: '/audit/verify', roles: CAN.readAudit, handler: (ctx) => verifyAudit(ctx) }),
  staffRoute({
    method: 'GET',
    url: '/audit/export',
    roles: CAN.readAudit,
    handler: async (ctx, { query }, reply) => {
      const format = query.format === 'csv' ? 'csv' : query.format === 'jsonl' || query.format === undefined ? 'jsonl' : null;
      if (!format) throw new StaffRefusal('invalidInput', { fields: { format: 'csv or jsonl' } });
      const filter = auditFilter(query);
      const lines: string[] = [];
      for await (const l of exportAudit(ctx, filter, format)) lines.push(l);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="staff-audit.${format === 'csv' ? 'csv' : 'jsonl'}"`)
        .send(lines.join(''));
    },
  }),
];

function refusalReply(reply: FastifyReply, req: FastifyRequest, e: StaffRefusal) {
  const { status } = STAFF_ERRORS[e.error];
  if (e.error === 'rateLimited') reply.header('retry-after', String(e.data.retryAfterSeconds));
  return reply.code(status).send({ error: e.error, message: staffErrorMessage(e.error, req.headers.lang as string | undefined, e.vars), ...e.data });
}

export const staffRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const { cfg, hits } = deps;
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    if (err instanceof StaffRefusal) return refusalReply(reply, req, err);
    const sc = err.statusCode ?? 500;
    if (sc < 500) return reply.code(sc).send({ error: 'invalidInput', message: staffErrorMessage('invalidInput', req.headers.lang as string | undefined) });
    if (isContention(err)) return refusalReply(reply, req, new StaffRefusal('busy'));
    req.log.error({ err }, 'unhandled error (staff API)');
    return refusalReply(reply, req, new StaffRefusal('serverError'));
  });
  app.setNotFoundHandler((req, reply) => refusalReply(reply, req, new StaffRefusal('notFound')));

  /** over a per-minute count: the refusal with its wait */
  const limit = async (key: string, max: number) => {
    if (max <= 0) return;
    const now = Date.now();
    const h = await hits.hit(key, RATE_WINDOW_MS, now);
    if (h.n > max) {
      const seconds = Math.ceil((h.resetAt - now) / 1000);
      throw new StaffRefusal('rateLimited', { retryAfterSeconds: seconds }, { seconds });
    }
  };

  app.post('/session', async (req) => {
    await limit(`staff-signin-ip:${clientOf(req.ip)}`, cfg.staffSignInRateMax);
    const b = SignInBody.safeParse(req.body);
    if (!b.success) throw new StaffRefusal('invalidInput', { fields: fieldsOf(b.error) });
    await limit(`staff-signin-user:${b.data.username}`, POLICY.staff.signInsPerAccountPerMinute);
    return signIn(deps, b.data, req.ip);
  });

  for (const r of ROUTES) {
    app.route({
      method: r.method,
      url: r.url,
      handler: async (req, reply) => {
        const { staff, sessionId } = await authenticateStaff(deps, req.headers.authorization);
        const by = { deps, staff };
        const route = `${r.method} ${STAFF_PREFIX}${r.url}`;
        const input = { body: req.body, params: req.params as Record<string, string>, query: req.query as Record<string, string | undefined> };
        try {
          const answer = r.run({ deps, staff, sessionId, ip: req.ip }, input, reply);
          if (answer === null) throw new StaffRefusal('forbidden', { role: staff.role });
          return await answer;
        } catch (e) {
          // a refusal is a step of the trail too (an agent approving, a maker approving their own proposal, a second approval)
          if (e instanceof StaffRefusal && e.error !== 'invalidInput' && e.error !== 'notFound')
            await audited(by, 'refused', route, async () => ({ result: null, detail: { error: e.error, role: staff.role, url: req.url } }));
          throw e;
        }
      },
    });
  }
};
