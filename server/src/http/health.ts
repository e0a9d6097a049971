/**
 * Plain routes for operations: `/health` (the process answers: the root start script waits on it),
 * `/ready` (the database answers too: the balancer sends requests only to a ready instance) and
 * `/contract` (checked by platform/src/release/).
 */
import type { FastifyPluginAsync } from 'fastify';
import { catalogueSummary } from '../api/catalogue';
import { dbReachable, type Db } from '../db';

/** a database that does not answer `select 1` within this is away (the balancer checks every 500 ms) */
const READY_PROBE_MS = 1000;

export const health: FastifyPluginAsync<{ db: Db; dbKind: string }> = async (app, { db, dbKind }) => {
  app.get('/health', async () => ({ ok: true, db: dbKind }));
  app.get('/ready', async (_req, reply) => {
    const ok = await dbReachable(db, READY_PROBE_MS);
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ok, db: dbKind });
  });
  const contract = catalogueSummary();
  app.get('/contract', async () => contract);
};
