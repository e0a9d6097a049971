/**
 * Plain routes for operations: `/health` (the process answers: the root start script waits on it),
 * `/ready` (the database answers and photos can be stored: the balancer sends requests only to a ready
 * instance) and `/contract` (checked by platform/src/release/).
 */
import type { FastifyPluginAsync } from 'fastify';
import { catalogueSummary } from '../api/catalogue';
import { dbReachable, type Db } from '../db';
import type { Storage } from '../uploads/storage';

/** a database that does not answer `select 1` within this is away (the balancer checks every 500 ms) */
const READY_PROBE_MS = 1000;

export const health: FastifyPluginAsync<{ db: Db; dbKind: string; storage: Storage }> = async (app, { db, dbKind, storage }) => {
  app.get('/health', async () => ({ ok: true, db: dbKind }));
  app.get('/ready', async (_req, reply) => {
    const [dbOk, uploadsOk] = await Promise.all([dbReachable(db, READY_PROBE_MS), storage.canStore()]);
    const ok = dbOk && uploadsOk;
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ok, db: dbKind, uploads: uploadsOk });
  });
  const contract = catalogueSummary();
  app.get('/contract', async () => contract);
};
