/** The bank_cards table: a borrower's primary and backup receiving accounts (account numbers sealed at rest). */
import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { fromJson } from '../db/json';
import type { OrderRow } from './orders';

export type CardRow = Selectable<DB['bank_cards']>;
export type CardRole = 'primary' | 'backup';
export type NewCard = Omit<CardRow, 'id' | 'verified_at'> & { verified_at: number | null };

export const cardsOf = (db: Db, userId: number): Promise<CardRow[]> => db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).execute();

export const cardOf = (db: Db, userId: number, role: CardRole): Promise<CardRow | undefined> =>
  db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();

/** the user's card of that role, replaced by `c` when there is one */
export function putCard(db: Db, c: NewCard): Promise<CardRow> {
  const { user_id: _u, role: _r, ...update } = c;
  return db
    .insertInto('bank_cards')
    .values(c)
    .onConflict((oc) => oc.columns(['user_id', 'role']).doUpdateSet(update))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** the receiving account of an order about to be paid out, read fresh (its details may have been edited since it was chosen) */
export async function receivingCard(db: Db, o: OrderRow): Promise<CardRow | undefined> {
  const chosen = o.bank_card ? fromJson<{ id?: number }>(o.bank_card) : null;
  const cards = db.selectFrom('bank_cards').selectAll().where('user_id', '=', o.user_id);
  const byId = chosen?.id ? await cards.where('id', '=', Number(chosen.id)).executeTakeFirst() : undefined;
  return byId ?? cards.where('role', '=', 'primary').executeTakeFirst();
}

/** a code from the registered number approved paying to this account */
export async function markCardVerified(db: Db, cardId: number, now: number): Promise<void> {
  await db.updateTable('bank_cards').set({ verified_at: now }).where('id', '=', cardId).execute();
}
