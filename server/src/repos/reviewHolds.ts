/** The review_holds table: applications whose score fell in REVIEW_MANUAL_BAND, waiting for a reviewer (services/reviewQueue.ts). */
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { jsonb, parseJson } from '../db/json';
import type { ScorePart } from '../domain/scoring';

export type ReviewHoldRow = Selectable<DB['review_holds']>;

const Reasons = z.array(
  z.object({
    rule: z.enum(['age', 'salary', 'employment', 'ownHouse', 'answer', 'borrowedTooMuch']),
    points: z.number(),
    question: z.number().int().optional(),
  }),
) satisfies z.ZodType<ScorePart[]>;
export const reasonsOf = (h: ReviewHoldRow): ScorePart[] => parseJson(Reasons, h.reasons, `review_holds.reasons of order ${h.order_id}`);

/** the order held for a person (once: the review job claims the order under its lock, and a held order is no longer due) */
export const holdForReview = (trx: Db, h: { orderId: number; score: number; reasons: ScorePart[]; heldAt: number; answerBy: number }) =>
  trx
    .insertInto('review_holds')
    .values({ order_id: h.orderId, score: h.score, reasons: jsonb(h.reasons), held_at: h.heldAt, answer_by: h.answerBy })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();

export const holdOf = (db: Db, orderId: number): Promise<ReviewHoldRow | undefined> =>
  db.selectFrom('review_holds').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/** the hold locked until the transaction ends: two reviewers at once decide it one after the other */
export const lockHold = (trx: Db, orderId: number): Promise<ReviewHoldRow | undefined> =>
  trx.selectFrom('review_holds').selectAll().where('order_id', '=', orderId).forUpdate().executeTakeFirst();

export const decideHold = (trx: Db, orderId: number, d: { decision: 'approve' | 'reject'; by: number; at: number; reason: string }) =>
  trx
    .updateTable('review_holds')
    .set({ decision: d.decision, decided_by: d.by, decided_at: d.at, reason: d.reason })
    .where('order_id', '=', orderId)
    .where('decided_at', 'is', null)
    .execute();
