/** The payments table: repayments through the cashier (pending until the provider confirms the collection) and paid extensions. */
import crypto from 'node:crypto';
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { ErrorCode, fail } from '../core/errors';

export type PaymentRow = Selectable<DB['payments']>;

/** a new payment's id: `prefix` (PAY, EXT) and 16 hex digits */
export const newPayOrderId = (prefix: string) => `${prefix}${crypto.randomBytes(8).toString('hex').toUpperCase()}`;

export const paymentByKey = (db: Db, userId: number, key: string): Promise<PaymentRow | undefined> =>
  db.selectFrom('payments').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();

/** the user's payment by its id; someone else's is "not found" */
export async function ownPayment(db: Db, userId: number, payOrderId: string): Promise<PaymentRow> {
  const pay = await db.selectFrom('payments').selectAll().where('pay_order_id', '=', payOrderId).where('user_id', '=', userId).executeTakeFirst();
  if (!pay) fail(ErrorCode.notFound);
  return pay;
}

export const paymentById = (db: Db, id: number): Promise<PaymentRow> => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const latestPayments = (db: Db, orderId: number, limit: number): Promise<PaymentRow[]> =>
  db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').limit(limit).execute();

export const addPayment = (db: Db, p: Insertable<DB['payments']>): Promise<PaymentRow> =>
  db.insertInto('payments').values(p).returningAll().executeTakeFirstOrThrow();

/** a payment the provider is collecting (a transfer without a result): it ends with the provider's result, never by expiry or a newer payment */
const collecting = (eb: ExpressionBuilder<DB, 'payments'>) =>
  eb.exists(
    eb.selectFrom('transfers as t').select('t.id').whereRef('t.payment_id', '=', 'payments.id').where('t.state', 'in', ['initiated', 'pending', 'unknown']),
  );

/** closes the order's pending repayments and withdrawals as failed (`reason`): one payment of the loan in flight */
export async function closePendingRepayments(db: Db, orderId: number, now: number, reason: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'failed', completed_at: now, fail_reason: reason })
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['repay', 'withdraw'])
    .where('status', '=', 'pending')
    .where((eb) => eb.not(collecting(eb)))
    .execute();
}

/** the channel the borrower chose for a pending payment (kept when it is collected) */
export const choosePaymentChannel = (db: Db, id: number, channelId: string) =>
  db.updateTable('payments').set({ channel_id: channelId }).where('id', '=', id).where('status', '=', 'pending').execute();

/** settles a payment still pending: success or failed (`reason`); false when it was no longer pending */
export async function settlePayment(
  db: Db,
  id: number,
  now: number,
  outcome: { ok: true; channelId?: string } | { ok: false; reason: string; channelId?: string },
): Promise<boolean> {
  const r = await db
    .updateTable('payments')
    .set({
      status: outcome.ok ? 'success' : 'failed',
      completed_at: now,
      fail_reason: outcome.ok ? null : outcome.reason,
      ...(outcome.channelId ? { channel_id: outcome.channelId } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** pending payments past their expiry fail; how many */
export async function expirePayments(db: Db, now: number): Promise<number> {
  const r = await db
    .updateTable('payments')
    .set({ status: 'failed', completed_at: now })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .where((eb) => eb.not(collecting(eb)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}
