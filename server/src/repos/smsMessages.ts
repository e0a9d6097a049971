/**
 * The texts given to the SMS gateway and their delivery reports, by the gateway's message id. The answer to a
 * submission and the report may come in either order (the gateway may report before its answer reaches us): each
 * write fills its own columns of the one row; a report after the final state is a repeat and changes nothing.
 */
import { sql } from 'kysely';
import type { Db } from '../db';
import type { DB, SmsState } from '../db/schema';
import type { Selectable } from 'kysely';

export type SmsRow = Selectable<DB['sms_messages']>;

export async function recordSubmitted(
  db: Db,
  m: { messageId: string; purpose: string; toMasked: string; ref: string | null; sentAt: number },
): Promise<SmsRow> {
  return db
    .insertInto('sms_messages')
    .values({ message_id: m.messageId, purpose: m.purpose, to_masked: m.toMasked, ref: m.ref, state: 'submitted', sent_at: m.sentAt })
    .onConflict((oc) => oc.column('message_id').doUpdateSet({ purpose: m.purpose, to_masked: m.toMasked, ref: m.ref, sent_at: m.sentAt }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * the report applied; null when the message had its final state already (a repeat, or a report out of order). The
 * report's `ref` (ours, echoed) is kept on a row it starts: a text whose answer never reached us is found by it.
 */
export async function recordReport(
  db: Db,
  r: { messageId: string; state: Exclude<SmsState, 'submitted'>; status: string; at: number; ref: string | null },
): Promise<SmsRow | null> {
  const row = await db
    .insertInto('sms_messages')
    .values({ message_id: r.messageId, state: r.state, status: r.status, reported_at: r.at, ref: r.ref })
    .onConflict((oc) =>
      oc.column('message_id').doUpdateSet({ state: r.state, status: r.status, reported_at: r.at }).where(sql.ref('sms_messages.state'), '=', 'submitted'),
    )
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** the latest texts the gateway could not deliver (operations) */
export const undelivered = (db: Db, limit: number): Promise<SmsRow[]> =>
  db.selectFrom('sms_messages').selectAll().where('state', '=', 'undelivered').orderBy('reported_at', 'desc').limit(limit).execute();

export const messageByRef = (db: Db, ref: string): Promise<SmsRow | undefined> =>
  db.selectFrom('sms_messages').selectAll().where('ref', '=', ref).executeTakeFirst();
