/**
 * `GET /metrics` (Prometheus text format, context/metrics.ts), registered with OPS_TOKEN and answered only with
 * it, as the operations routes: on the API's own port, so each instance is scraped at its address (the
 * balancer would answer from any one of them). And the hook that counts every answer by call name, envelope
 * code and status, with its time.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../context/metrics';
import { opsAuth } from './opsRoutes';

/** counts every answer (the dispatcher's and the others'): the catalogue name, else the route's pattern (bounded), else "unmatched" */
export const callMetrics = fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    app.addHook('onResponse', async (req, reply) => {
      const call = req.callName ?? req.routeOptions.url ?? 'unmatched';
      metrics.calls.inc({ call, code: req.wireCode ?? '', status: reply.statusCode });
      metrics.callSeconds.observe({ call }, reply.elapsedTime / 1000);
    });
  },
  { name: 'call-metrics' },
);

export const metricsRoute: FastifyPluginAsync<{ metrics: Metrics; secret: string; token: string }> = async (app, { metrics, secret, token }) => {
  app.addHook('onRequest', opsAuth(secret, token));
  app.get('/metrics', async (_req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics()),
  );
};
