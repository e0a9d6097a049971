/**
 * The credit bureau's monthly file: the loans a month's file may carry and the submissions (one per month, its row
 * the claim: inserted once, then moved by conditional updates, so instances and reruns never send a month twice).
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';

export type SubmissionRow = Selectable<DB['bureau_submissions']>;
export type SubmissionState = SubmissionRow['state'];

/** orders paid out before `end` and not finished before `start` (the ledger decides what each record says), by id */
export const loansPaidOutBy = (db: Db, start: number, end: number) =>
  db
    .selectFrom('orders as o')
    .leftJoin('profiles as p', 'p.user_id', 'o.user_id')
    .select(['o.id', 'o.order_no', 'o.amount', 'o.user_id', 'p.basic'])
    .where('o.disbursed_at', 'is not', null)
    .where('o.disbursed_at', '<', end)
    .where((eb) => eb.or([eb('o.paid_off_at', 'is', null), eb('o.paid_off_at', '>=', start)]))
    .orderBy('o.id')
    .execute();

export const submissionOf = (db: Db, period: string): Promise<SubmissionRow | undefined> =>
  db.selectFrom('bureau_submissions').selectAll().where('period', '=', period).executeTakeFirst();

/** the month's first submission row; false when another run wrote it first */
export async function addSubmission(db: Db, row: Omit<Insertable<DB['bureau_submissions']>, 'attempts' | 'answer' | 'answered_at'>): Promise<boolean> {
  const r = await db
    .insertInto('bureau_submissions')
    .values({ ...row, attempts: row.state === 'sending' ? 1 : 0 })
    .onConflict((oc) => oc.column('period').doNothing())
    .returning('period')
    .executeTakeFirst();
  return !!r;
}

/**
 * The month's row taken by this run: in `state` and last tried at or before `before` (else another run has it, or
 * it waits its retry); `set` written with it. One run wins: the condition is checked by the update itself.
 */
export async function claimSubmission(
  db: Db,
  period: string,
  state: SubmissionState,
  before: number,
  now: number,
  set: Updateable<DB['bureau_submissions']> = {},
): Promise<boolean> {
  const r = await db
    .updateTable('bureau_submissions')
    .set((eb) => ({ ...set, attempt_at: now, attempts: set.state === 'held' ? eb.ref('attempts') : eb('attempts', '+', 1) }))
    .where('period', '=', period)
    .where('state', '=', state)
    .where('attempt_at', '<=', before)
    .returning('period')
    .executeTakeFirst();
  return !!r;
}

/** the bureau's answer kept: the month is done */
export const answerSubmission = (db: Db, period: string, state: SubmissionState, answer: string, now: number) =>
  db.updateTable('bureau_submissions').set({ state, answer, answered_at: now }).where('period', '=', period).where('state', '=', 'sending').execute();
