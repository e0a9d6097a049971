/**
 * One borrower cannot take an instance's database connections from everyone else: at most `max` calls
 * of one session (its Authorization header; one session per borrower) in progress at once on this
 * instance. The excess is answered `callsInProgress` (429) before any work, database included.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../core/errors';
import { langOf, send } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** the session this request counts against while it is in progress */
    capKey?: string;
  }
}

export const borrowerCap = fp<{ max: number }>(
  async (app, { max }) => {
    const inProgress = new Map<string, number>();
    app.addHook('onRequest', async (req, reply) => {
      const key = req.headers.authorization;
      if (!key) return;
      const n = inProgress.get(key) ?? 0;
      if (n >= max) return send(reply, langOf(req), ErrorCode.callsInProgress, null, 429);
      inProgress.set(key, n + 1);
      req.capKey = key;
    });
    // released when the answer is ready (onSend runs even if the client has gone), once
    const release = async (req: FastifyRequest) => {
      const key = req.capKey;
      if (!key) return;
      req.capKey = undefined;
      const n = (inProgress.get(key) ?? 1) - 1;
      if (n > 0) inProgress.set(key, n);
      else inProgress.delete(key);
    };
    app.addHook('onSend', release);
    app.addHook('onResponse', release);
  },
  { name: 'borrower-cap' },
);
