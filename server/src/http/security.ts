/** Security headers (helmet) and CORS for the app's origins (the staff API's for the console's); a preflight without Origin is refused in the envelope. */
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { ErrorCode } from '../core/errors';
import { langOf, send } from './envelope';
import { isStaffUrl } from './staffRoutes';

export const security = fp<{ corsOrigins: string[]; staffOrigins: string[] }>(
  async (app, opts) => {
    await app.register(helmet, { global: true });
    // a preflight without Origin is no browser's: refused in the envelope (the CORS plugin would answer an empty 400)
    app.addHook('onRequest', async (req, reply) => {
      if (req.method === 'OPTIONS' && !req.headers.origin) return send(reply, langOf(req), ErrorCode.malformedRequest, null, 400);
    });
    const borrowerApps = {
      origin: opts.corsOrigins,
      methods: ['GET', 'POST', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'packageName', 'appName', 'afid', 'lang', 'Content-Type'],
      maxAge: 600,
    };
    // the staff API (/staff/) answers the operations console's origins only, and the borrower apps' never
    const staffConsole = { ...borrowerApps, origin: opts.staffOrigins, allowedHeaders: ['Authorization', 'Content-Type', 'lang'] };
    await app.register(cors, { delegator: (req, cb) => cb(null, isStaffUrl(req.url ?? '') ? staffConsole : borrowerApps) });
  },
  { name: 'security' },
);
