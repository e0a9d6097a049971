/**
 * Money through the rails (server/README.md "Money rails"): a payout, a collection or a refund is a transfer row written
 * before the provider is asked (so an attempt is never lost nor made twice), then moved by what the provider
 * says — its answer to the start, its signed notice, or its status inquiry — whichever comes first, in any
 * order and any number of times. The ledger posts cash only once the provider says the money moved.
 */
import type { Deps } from '../context/deps';
import type { RailAnswer, TransferOrder } from '../providers/rails';
import C from '../api/contract';
import { DAY_MS } from '../core/time';
import { maskAccount } from '../core/mask';
import { figures, termsOf } from '../domain/figures';
import { disbursalJournal, extensionJournals } from '../domain/ledger';
import { extensionQuote } from '../domain/extension';
import { coolingOffOf } from '../domain/coolingOff';
import { lockOrder, type OrderRow } from '../repos/orders';
import { moneyOf } from '../repos/ledger';
import { paymentById, settlePayment } from '../repos/payments';
import {
  addException,
  addTransfer,
  isFinal,
  lockTransfer,
  moveTransfer,
  newReference,
  railOf,
  transferById,
  type TransferRow,
  type TransferState,
} from '../repos/transfers';
import { receivingCard } from '../repos/cards';
import { mobileOf } from '../repos/users';
import type { Db } from '../db';
import { openText } from '../db/atRest';
import { accrue, book } from './ledger';
import { transition } from './lifecycle';
import { tell } from './notices';
import { applyCardCoupon } from './coupon';
import { takeRepayment } from './repayment';
import { takeWithdrawal } from './coolingOff';
import { refundSettled } from './refund';

const { OrderStatus } = C;

/** what the provider is asked, kept with the row written for it */
export type Started = { transfer: TransferRow; order: TransferOrder };

/**
 * The payout of a Lending order the caller has locked: its transfer (initiated) and what to ask the provider,
 * or null when the order already has a payout in flight or done. The order's disbursal amount is paid to the
 * receiving account it was confirmed with (else the primary).
 */
export async function newPayout(trx: Db, o: OrderRow, now: number): Promise<Started | null> {
  const amount = figures(termsOf(o), o.amount, o.tenure_days, { now }).disbursalAmount;
  return outgoing(trx, o, { reference: newReference('PO'), kind: 'payout', amount, refundId: null }, now);
}

/**
 * The transfer of a due refund of order `o` (locked by the caller), by the refund's reference, to the account the
 * loan was paid to (else the primary); null when the borrower has no account now (the refunds job tries again).
 */
export const newRefund = (trx: Db, o: OrderRow, f: { id: number; reference: string; amount: number }, now: number): Promise<Started | null> =>
  outgoing(trx, o, { reference: f.reference, kind: 'refund', amount: f.amount, refundId: f.id }, now);

/** money out of order `o` by the disburse rail to its receiving account: the transfer written, what to ask the provider */
async function outgoing(
  trx: Db,
  o: OrderRow,
  t: { reference: string; kind: 'payout' | 'refund'; amount: number; refundId: number | null },
  now: number,
): Promise<Started | null> {
  const card = await receivingCard(trx, o);
  if (!card) return null;
  const account = openText(card.account_number);
  const msisdn = await mobileOf(trx, o.user_id);
  const transfer = await addTransfer(
    trx,
    { reference: t.reference, kind: t.kind, order_id: o.id, payment_id: null, refund_id: t.refundId, amount: t.amount, account_masked: maskAccount(account) },
    now,
  );
  return { transfer, order: { reference: t.reference, amount: t.amount, msisdn, account, bankCode: card.bank_code, billReference: o.order_no } };
}

/** the collection of a pending payment from the borrower's wallet (their registered mobile): its transfer, initiated */
export async function newCollection(trx: Db, o: OrderRow, payment: { id: number; amount: number }, now: number): Promise<Started> {
  const msisdn = await mobileOf(trx, o.user_id);
  const transfer = await addTransfer(
    trx,
    {
      reference: newReference('CO'),
      kind: 'collection',
      order_id: o.id,
      payment_id: payment.id,
      amount: payment.amount,
      account_masked: maskAccount(msisdn),
    },
    now,
  );
  return { transfer, order: { reference: transfer.reference, amount: payment.amount, msisdn, account: msisdn, bankCode: null, billReference: o.order_no } };
}

/** asks the provider to start a transfer written by newPayout/newRefund/newCollection, and applies its answer */
export async function sendTransfer(deps: Deps, s: Started): Promise<TransferState> {
  return applyAnswer(deps, s.transfer.id, await deps.rails[railOf(s.transfer.kind)].start(s.order), 'answer');
}

/**
 * What the provider said of a transfer, applied once, under its order's lock then its own: a result moves it
 * to succeeded or failed and does what that means (the payout posted and the loan started, or the order failed;
 * the payment credited, or declined); a `pending` or an unreadable answer only records that. A word after the
 * result changes nothing: the same result again is a repeat, another one an exception for operations. A refund
 * sent posts the money out; failed, it is owed back again (usecases/refund.ts).
 */
export async function applyAnswer(deps: Deps, id: number, answer: RailAnswer, source: 'answer' | 'notice' | 'inquiry'): Promise<TransferState> {
  const { db, clock } = deps;
  const { order_id: orderId } = await transferById(db, id);
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const o = await lockOrder(trx, orderId);
    const t = await lockTransfer(trx, id);
    const said = answer.state;
    if (isFinal(t.state)) {
      if ((said === 'succeeded' || said === 'failed') && said !== t.state)
        await addException(trx, {
          kind: 'conflict',
          reference: t.reference,
          transferId: t.id,
          file: null,
          evidence: { recorded: t.state, said: answer, source },
          now,
        });
      return t.state;
    }
    if (said === 'pending') {
      if (t.state !== 'pending') await moveTransfer(trx, t.id, { state: 'pending', updated_at: now });
      return 'pending';
    }
    if (said === 'unknown') {
      // no answer to the start: the money may have moved; the inquiry finds out (a pending transfer stays pending)
      if (t.state === 'initiated') await moveTransfer(trx, t.id, { state: 'unknown', fail_reason: answer.reason, updated_at: now });
      return t.state === 'initiated' ? 'unknown' : t.state;
    }
    if (said === 'notFound') {
      // asked after the inquiry wait (far above RAILS_TIMEOUT_MS): the start never reached the provider, nothing moved
      await failed(deps, trx, o, t, 'notReceived', now);
      return 'failed';
    }
    if (said === 'failed') {
      await moveTransfer(trx, t.id, { provider_ref: answer.providerRef });
      await failed(deps, trx, o, t, answer.reason, now);
      return 'failed';
    }
    if (answer.amount !== t.amount) {
      // the provider moved another amount than asked: nothing posted, operations decide with the evidence
      await addException(trx, {
        kind: 'amount',
        reference: t.reference,
        transferId: t.id,
        file: null,
        evidence: { asked: t.amount, said: answer, source },
        now,
      });
      await moveTransfer(trx, t.id, { state: 'unknown', fail_reason: `provider says ${answer.amount}, asked ${t.amount}`, updated_at: now });
      return 'unknown';
    }
    await moveTransfer(trx, t.id, { state: 'succeeded', provider_ref: answer.providerRef, provider_at: answer.at, fail_reason: null, updated_at: now });
    if (t.kind === 'payout') await paidOut(trx, o, t, now);
    else if (t.kind === 'refund') await refundSettled(trx, o, t.refund_id!, 'sent', now);
    else await collected(deps, trx, o, t, now);
    return 'succeeded';
  });
}

/** the payout confirmed: the loan starts now (its due date counted from today), the disbursal posted */
async function paidOut(trx: Db, o: OrderRow, t: TransferRow, now: number) {
  if (o.status !== OrderStatus.Lending) throw new Error(`payout ${t.reference}: order ${o.order_no} is at status ${o.status}, not paying out`);
  const dueAt = now + o.tenure_days * DAY_MS;
  const moved = await transition(trx, o, 'disbursed', now, { set: { disbursed_at: now, due_at: dueAt }, note: t.reference });
  if (!moved) throw new Error(`payout ${t.reference}: order ${o.order_no} did not move to disbursed`);
  const f = figures(termsOf(o), o.amount, o.tenure_days, { now });
  if (f.disbursalAmount !== t.amount) throw new Error(`payout ${t.reference}: paid ${t.amount}, the disbursal is ${f.disbursalAmount}`);
  await accrue(trx, moved, await book(trx, moved, await moneyOf(trx, o.id), [disbursalJournal(moved, f, now, dueAt)]), now);
  await applyCardCoupon(trx, moved, now);
  await tell(trx, moved, 'paidOut', now, { amount: t.amount });
}

/**
 * The collection confirmed: the money taken is credited as the payment was meant (a withdrawal, an extension's fee,
 * a repayment); a withdrawal or an extension no longer open now, or of another amount, is credited as a repayment.
 */
async function collected(deps: Deps, trx: Db, o: OrderRow, t: TransferRow, now: number) {
  const pay = await paymentById(trx, t.payment_id!);
  if (!(await settlePayment(trx, pay.id, now, { ok: true })))
    throw new Error(`collection ${t.reference}: payment ${pay.pay_order_id} is ${pay.status}, not pending`);
  await tell(trx, o, 'paymentReceived', now, { key: pay.pay_order_id, amount: pay.amount });
  if (pay.kind === 'withdraw' && coolingOffOf(o, await moneyOf(trx, o.id), now)?.amount === pay.amount) return takeWithdrawal(trx, o, pay.id, now);
  if (pay.kind === 'extension') {
    const m = await accrue(trx, o, await moneyOf(trx, o.id), now);
    const q = extensionQuote(o, m, now);
    if (q.available && q.fee === pay.amount) {
      await book(trx, o, m, extensionJournals(m, { ...q, newDue: q.newDue! }, now, pay.id));
      const moved = await transition(trx, o, 'extended', now, {
        set: { due_at: q.newDue!, extension_count: o.extension_count + 1 },
        note: `fee ${q.fee}`,
        from: 'any',
      });
      if (!moved) throw new Error(`extension ${pay.pay_order_id}: order ${o.order_no} could not be extended`);
      return moved;
    }
  }
  return takeRepayment(deps, trx, o, pay.amount, now, { paymentId: pay.id });
}

async function failed(deps: Deps, trx: Db, o: OrderRow, t: TransferRow, reason: string, now: number) {
  await moveTransfer(trx, t.id, { state: 'failed', fail_reason: reason, updated_at: now });
  if (t.kind === 'payout') {
    const moved = await transition(trx, o, 'payFailed', now, { set: { fail_reason: 'accountRejected' }, note: `${t.reference}: ${reason}` });
    if (!moved) throw new Error(`payout ${t.reference}: order ${o.order_no} is at status ${o.status}, not paying out`);
  } else if (t.kind === 'refund') await refundSettled(trx, o, t.refund_id!, 'failed', now);
  else await settlePayment(trx, t.payment_id!, now, { ok: false, reason: 'declined' });
  deps.metrics.providerFailures.inc({ provider: t.kind === 'collection' ? 'cashier' : 'payout', operation: 'transfer' });
  deps.log.info({ reference: t.reference, kind: t.kind, reason }, 'transfer failed');
}
