/** Plain routes for operations: `/health` (the root start script waits on it) and `/contract` (checked by scripts/release). */
import type { FastifyPluginAsync } from 'fastify';
import { catalogueSummary } from '../catalogue';

export const health: FastifyPluginAsync<{ dbKind: string }> = async (app, { dbKind }) => {
  app.get('/health', async () => ({ ok: true, db: dbKind }));
  const contract = catalogueSummary();
  app.get('/contract', async () => contract);
};
