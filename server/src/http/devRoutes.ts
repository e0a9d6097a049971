/**
 * Development controls (plain JSON, NOT sealed), registered only when DEV_CONTROLS=1 and NODE_ENV is
 * not production. Used by e2e tests and demos to drive the lifecycle. See README.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../context/deps';
import C from '../api/contract';
import { checkProof } from '../usecases/proofs';
import { createStaffAccount } from '../services/staffAuth';
import { isRole, STAFF_ROLES } from '../staff/roles';
import { DAY_MS, iso } from '../core/time';
import { forceAtRails, type DevState, type Forced } from '../dev/controls';
import { endCodeWait, shiftComplaint, shiftOrder } from '../dev/shifts';
import { FIXTURE_STATES, buildFixture, isFixtureState } from '../dev/fixtures';

const { normalizeMobile } = C;

export const devRoutes: FastifyPluginAsync<{ deps: Deps; dev: DevState; runJobs: () => Promise<Record<string, number>> }> = async (
  app,
  { deps, dev, runJobs },
) => {
  app.get('/__dev/clock', async () => ({ now: deps.clock.now(), iso: iso(deps.clock.now()), speed: deps.clock.speed }));
  app.post('/__dev/clock/advance', async (req) => {
    const ms = Number((req.body as { ms?: unknown } | undefined)?.ms);
    if (!Number.isFinite(ms) || ms < 0) return { ok: false, error: 'ms must be a non-negative number' };
    const now = deps.clock.advance(ms);
    const jobs = (req.body as { runJobs?: boolean }).runJobs === false ? null : await runJobs();
    return { ok: true, now, iso: iso(now), jobs };
  });
  app.post('/__dev/jobs/run', async () => ({ ok: true, jobs: await runJobs() }));
  app.post('/__dev/force', async (req) => {
    const b = (req.body ?? {}) as Forced & { mobile?: string };
    if (!b.mobile) return { ok: false, error: 'mobile required' };
    const m = normalizeMobile(b.mobile);
    const cur = dev.force.get(m) ?? {};
    if (b.review === 'approve' || b.review === 'reject' || b.review === 'hold') cur.review = b.review;
    if (typeof b.dataCollection === 'boolean') cur.dataCollection = b.dataCollection; // sticky, not consumed
    dev.force.set(m, cur);
    const rails = {
      payout: b.payout === 'ok' || b.payout === 'fail' || b.payout === 'hold' ? b.payout : undefined,
      payment: b.payment === 'ok' || b.payment === 'fail' ? b.payment : undefined,
    };
    await forceAtRails(deps.cfg.railsUrl, m, rails);
    return { ok: true, mobile: m, force: { ...cur, ...rails } };
  });
  // Moves one order's loan dates into the past (the shared clock stays, so other tests'
  // sessions are untouched), then runs the jobs: overdue and penalty follow from due_at.
  app.post('/__dev/order/shift', async (req) => {
    const b = (req.body ?? {}) as { orderNo?: string; days?: number };
    const days = Number(b.days);
    if (!b.orderNo || !Number.isFinite(days) || days <= 0) return { ok: false, error: 'orderNo and days > 0 required' };
    if (!(await shiftOrder(deps, b.orderNo, Math.round(days * DAY_MS)))) return { ok: false, error: 'no order with that orderNo' };
    return { ok: true, jobs: await runJobs() };
  });
  // Moves one complaint's dates into the past (the shared clock stays): past its service level, it names the regulator's route
  app.post('/__dev/complaint/shift', async (req) => {
    const b = (req.body ?? {}) as { ticketNo?: string; days?: number };
    const days = Number(b.days);
    if (!b.ticketNo || !Number.isFinite(days) || days <= 0) return { ok: false, error: 'ticketNo and days > 0 required' };
    return (await shiftComplaint(deps, b.ticketNo, Math.round(days * DAY_MS))) ? { ok: true } : { ok: false, error: 'no complaint with that ticketNo' };
  });
  // Ends one number's wait between codes (its codes sent as if a minute earlier): tests ask the next code of
  // another purpose at once without moving the shared clock, which would run other tests' orders on
  app.post('/__dev/otp/wait-over', async (req) => {
    const b = (req.body ?? {}) as { mobile?: string };
    if (!b.mobile) return { ok: false, error: 'mobile required' };
    const m = normalizeMobile(b.mobile);
    await endCodeWait(deps, m);
    return { ok: true, mobile: m };
  });
  app.get('/__dev/otp/:mobile', async (req) => {
    const m = normalizeMobile((req.params as { mobile: string }).mobile);
    return { mobile: m, code: dev.lastOtp.get(m) ?? null };
  });
  // QA fixtures (standalone pages): a fresh test borrower in a named state, signed in (dev/fixtures.ts)
  app.get('/__dev/fixtures', async () => ({ states: FIXTURE_STATES }));
  app.post('/__dev/fixture', async (req, reply) => {
    const { state } = (req.body ?? {}) as { state?: unknown };
    if (!isFixtureState(state)) return reply.code(400).send({ ok: false, error: `state must be one of ${FIXTURE_STATES.join(', ')}` });
    return { ok: true, ...(await buildFixture(deps, dev, runJobs, state, req.ip)) };
  });
  app.post('/__dev/proof', async (req) => {
    const b = (req.body ?? {}) as { proofId?: number; accept?: boolean };
    const r = await checkProof(deps, Number(b.proofId), b.accept !== false);
    return r && 'proof' in r ? { ok: true, proof: r.proof } : { ok: false, proof: null, ...r };
  });
  // a staff account of a role for tests and demos (production has none: the first admin comes from `npm run staff`)
  app.post('/__dev/staff', async (req, reply) => {
    const { role } = (req.body ?? {}) as { role?: unknown };
    if (!isRole(role)) return reply.code(400).send({ ok: false, error: `role must be one of ${STAFF_ROLES.join(', ')}` });
    const username = `qa.${role}.${randomBytes(4).toString('hex')}`;
    return { ok: true, ...(await createStaffAccount(deps, null, { username, name: `QA ${role}`, role })) };
  });
  app.post('/__dev/reset', async () => {
    const db = deps.db;
    await db.transaction().execute(async (trx) => {
      for (const t of [
        'proposals',
        'rail_exceptions',
        'order_events',
        'transfers',
        'payments',
        'proofs',
        'orders',
        'credit_raises',
        'documents',
        'bank_cards',
        'profiles',
        'sessions',
        'otps',
        'audit_log',
        'users',
      ] as const) {
        await trx.deleteFrom(t).execute();
      }
    });
    deps.clock.reset();
    dev.force.clear();
    await fetch(`${deps.cfg.railsUrl}/__sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
    dev.lastOtp.clear();
    return { ok: true };
  });
};
