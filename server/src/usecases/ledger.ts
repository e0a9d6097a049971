/** Writes an order's money: the journals the ledger's rules build (domain/ledger.ts), posted in the caller's transaction. */
import type { Db } from '../db';
import { moneyFrom, type Journal, type Money } from '../domain/balances';
import { accruals } from '../domain/ledger';
import type { OrderFacts } from '../domain/order';
import { post } from '../repos/ledger';

/** writes `journals` (each balanced) for order `o` and answers the ledger after them; the caller holds the order's lock */
export async function book(trx: Db, o: Pick<OrderFacts, 'id'>, m: Money, journals: Journal[]): Promise<Money> {
  await post(trx, o.id, journals);
  return moneyFrom(journals, m);
}

/** posts the interest and penalty accrued up to `now` */
export const accrue = (trx: Db, o: OrderFacts, m: Money, now: number): Promise<Money> => book(trx, o, m, accruals(o, m, now));
