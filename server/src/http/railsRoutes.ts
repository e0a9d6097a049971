/**
 * The rails' notices (plain JSON, not the wire protocol): the provider posts each transfer's result here, signed
 * with the merchant's integrity salt. A notice whose signature is wrong is refused (401) and changes nothing; one of
 * a reference we never started is 404; any other is applied (usecases/transfers.ts applyAnswer: amount checked,
 * once, in any order) and answered 200, a repeat too, so the provider stops sending it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../context/deps';
import { railOf, transferByReference } from '../repos/transfers';
import { applyAnswer } from '../usecases/transfers';

export const RAILS_NOTICE_PATH = '/rails/notify';

export const railsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.post(RAILS_NOTICE_PATH, async (req, reply) => {
    const notice = deps.rails.notice(req.body);
    if (!notice) {
      deps.metrics.providerFailures.inc({ provider: 'rails', operation: 'notice' });
      return reply.code(401).send({ ok: false, error: 'the notice is not signed by the provider' });
    }
    const t = await transferByReference(deps.db, notice.reference);
    if (!t || railOf(t.kind) !== notice.kind) return reply.code(404).send({ ok: false, error: 'no transfer of this reference' });
    return { ok: true, state: await applyAnswer(deps, t.id, notice.answer, 'notice') };
  });
};
