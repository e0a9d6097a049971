/** The bank_cards table: a borrower's primary and backup receiving accounts (account numbers sealed at rest). */
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { parseJson } from '../db/json';
import type { OrderRow } from './orders';

export type CardRow = Selectable<DB['bank_cards']>;
/** a card row as kept on an order (orders.bank_card: the receiving account chosen); columns added since default to null */
const CardJson = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  role: z.string(),
  card_type: z.string(),
  bank_index: z.number().int().nullable(),
  bank_name: z.string(),
  bank_code: z.string().nullable().default(null),
  account_number: z.string(),
  account_index: z.string().nullable().default(null),
  card_holder: z.string(),
  created_at: z.number(),
  verified_at: z.number().nullable().default(null),
}) satisfies z.ZodType<CardRow, unknown>;

/** the receiving account kept on the order (as it was when chosen), or null */
export const orderCard = (o: Pick<OrderRow, 'id' | 'bank_card'>): CardRow | null =>
  o.bank_card === null ? null : parseJson(CardJson, o.bank_card, `orders.bank_card of order ${o.id}`);
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
  const chosen = orderCard(o);
  const cards = db.selectFrom('bank_cards').selectAll().where('user_id', '=', o.user_id);
  const byId = chosen ? await cards.where('id', '=', chosen.id).executeTakeFirst() : undefined;
  return byId ?? cards.where('role', '=', 'primary').executeTakeFirst();
}

/** a code from the registered number approved paying to this account */
export async function markCardVerified(db: Db, cardId: number, now: number): Promise<void> {
  await db.updateTable('bank_cards').set({ verified_at: now }).where('id', '=', cardId).execute();
}
