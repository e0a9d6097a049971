/**
 * Where an approved loan's money goes: the account the order was given (a changed card, or the
 * backup after a failed payout), else the borrower's primary account.
 */
import type { Ctx } from '../deps';
import type { Req, Res } from '../handler';
import type { Db } from '../db';
import C from '../contract';
import { ErrorCode, fail, fromJson } from '../lib';
import { jsonb, orderView, transition, type CardRow, type OrderRow } from './core';
import { lockOwnOrder } from './ledger';

const { OrderStatus } = C;

/** the receiving account of an order about to be paid out, read fresh (its details may have been edited since it was chosen) */
export async function receivingCard(db: Db, o: OrderRow): Promise<CardRow | undefined> {
  const chosen = o.bank_card ? fromJson<{ id?: number }>(o.bank_card) : null;
  const cards = db.selectFrom('bank_cards').selectAll().where('user_id', '=', o.user_id);
  const byId = chosen?.id ? await cards.where('id', '=', Number(chosen.id)).executeTakeFirst() : undefined;
  return byId ?? cards.where('role', '=', 'primary').executeTakeFirst();
}

/** PayFail 10: the money goes to the backup account. The order waits for the borrower's confirmation (18) as after a card change. */
export async function useBackupBankCard(p: Req<'useBackupBankCard'>, ctx: Ctx): Promise<Res<'useBackupBankCard'>> {
  const { db, clock } = ctx.deps;
  const user = ctx.user!;
  const r = await db.transaction().execute(async (trx) => {
    const now = clock.now();
    const o = await lockOwnOrder(trx, user.id, p.orderNo);
    if (o.status !== OrderStatus.PayFail) fail(ErrorCode.orderWrongState, { status: o.status });
    const backup = await trx.selectFrom('bank_cards').selectAll().where('user_id', '=', user.id).where('role', '=', 'backup').executeTakeFirst();
    if (!backup) fail(ErrorCode.cardInfoNull);
    return transition(trx, o, OrderStatus.GetMoney, 'cardChanged', now, { bank_card: jsonb(backup), fail_reason: null }, 'backup');
  });
  if (!r) fail(ErrorCode.orderWrongState);
  return { order: await orderView(db, r!, clock.now(), ctx.lang) };
}
