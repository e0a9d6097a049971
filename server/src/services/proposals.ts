/**
 * Maker-checker on money (issue 40): a staff member proposes a money action on an order; a DIFFERENT
 * supervisor approves it, which applies it through the ledger's own posting (a waiver: usecases/waiver.ts; a refund
 * of overpayment: usecases/refund.ts; a write-off: usecases/writeOff.ts; a payout retry: usecases/payoutRetry.ts)
 * in the same transaction that marks it applied, under the proposal's row lock: two approvals at once
 * apply it once, and a refusal by the ledger (nothing owed any more, above what is owed) marks it failed.
 * A payout retry's new attempt is written in that transaction and sent to the rails once it has committed.
 */
import type { Db } from '../db';
import { iso, isoOrNull } from '../core/time';
import { isUniqueViolation } from '../db/uniqueViolation';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import { orderById, orderIdByNo } from '../repos/orders';
import { moneyOf } from '../repos/ledger';
import { owed, refundableOf } from '../domain/ledger';
import { waiveOrder } from '../usecases/waiver';
import { refundOrder } from '../usecases/refund';
import { writeOffOrder } from '../usecases/writeOff';
import { lastFailedPayout, retryPayout, retryRefusal } from '../usecases/payoutRetry';
import { newRefund, sendTransfer, type Started } from '../usecases/transfers';
import type { RolesOf } from '../staff/roles';
import { decisionRefusal } from '../staff/rules';
import * as R from '../repos/proposals';
import { audited, StaffRefusal, type StaffCtx } from './staffAuth';

const { OrderStatus } = C;
type ListedRow = Awaited<ReturnType<typeof R.listProposals>>[number];

const view = (p: R.ProposalRow, names: { orderNo: string; maker: string; checker: string | null }) => ({
  id: Number(p.id),
  kind: p.kind,
  orderNo: names.orderNo,
  ...R.payloadOf(p).payload,
  reason: p.reason,
  status: p.status,
  maker: names.maker,
  createdAt: iso(Number(p.created_at)),
  checker: names.checker,
  decidedAt: isoOrNull(p.decided_at),
  outcome: R.outcomeOf(p),
});
const viewListed = (p: ListedRow) => view(p, { orderNo: p.order_no, maker: p.maker, checker: p.checker });

export type Proposal =
  | { kind: 'waiver'; orderNo: string; account: R.WaiverPayload['account']; amount: number; reason: string }
  | { kind: 'refund'; orderNo: string; amount: number; reason: string }
  | { kind: 'writeOff'; orderNo: string; reason: string }
  | { kind: 'payoutRetry'; orderNo: string; reason: string };

/** what the proposal asks, checked against the order as it is now (the approval checks again under the order's lock) */
async function payloadFor(ctx: StaffCtx, orderId: number, p: Proposal): Promise<R.AnyPayload> {
  const { db, clock } = ctx.deps;
  switch (p.kind) {
    case 'waiver':
      return { kind: p.kind, payload: { account: p.account, amount: p.amount } };
    case 'refund': {
      const max = refundableOf(await moneyOf(db, orderId));
      if (p.amount > max) throw new StaffRefusal('invalidInput', { fields: { amount: `at most ${max} is owed back on this order` }, max });
      return { kind: p.kind, payload: { amount: p.amount } };
    }
    case 'writeOff': {
      const o = await orderById(db, orderId);
      if (o.status !== OrderStatus.Overdued) throw new StaffRefusal('notOverdue', { orderStatus: o.status });
      return { kind: p.kind, payload: { owedWhenProposed: owed(o, await moneyOf(db, orderId), clock.now()) } };
    }
    case 'payoutRetry': {
      const refused = await retryRefusal(db, await orderById(db, orderId));
      if (refused?.refusal === 'payoutInFlight') throw new StaffRefusal('payoutInFlight', { reference: refused.reference });
      if (refused) throw new StaffRefusal('noFailedPayout', refused.reference ? { reference: refused.reference } : {});
      return { kind: p.kind, payload: { failedReference: await lastFailedPayout(db, orderId) } };
    }
  }
}

/** a proposal written; one pending payout retry per order (the unique index `proposals_one_pending_retry` decides a race) */
export async function propose(ctx: StaffCtx<RolesOf<'proposeMoney'>>, p: Proposal) {
  const orderId = await orderIdByNo(ctx.deps.db, p.orderNo);
  if (orderId === undefined) throw new StaffRefusal('notFound', { orderNo: p.orderNo });
  const asked = await payloadFor(ctx, orderId, p);
  const written = audited(ctx, 'proposal.create', `order:${p.orderNo}`, async (trx) => {
    const row = await R.addProposal(trx, {
      ...asked,
      order_id: orderId,
      reason: p.reason,
      status: 'pending',
      maker_id: ctx.staff.id,
      created_at: Date.now(),
      checker_id: null,
      decided_at: null,
      outcome: null,
    });
    return {
      result: view(row, { orderNo: p.orderNo, maker: ctx.staff.username, checker: null }),
      detail: { proposalId: Number(row.id), kind: p.kind, ...asked.payload, reason: p.reason },
    };
  });
  try {
    return await written;
  } catch (e) {
    if (!isUniqueViolation(e, 'proposals_one_pending_retry')) throw e;
    // the other proposal has committed (the index waited for it): the refusal names it
    const [pending] = await R.listProposals(ctx.deps.db, { orderId, kind: 'payoutRetry', status: 'pending' }, 1);
    throw new StaffRefusal('retryPending', pending ? { proposalId: Number(pending.id) } : {});
  }
}

export async function listProposals(ctx: StaffCtx, f: { status?: R.ProposalRow['status']; orderNo?: string }) {
  const orderId = f.orderNo === undefined ? undefined : ((await orderIdByNo(ctx.deps.db, f.orderNo)) ?? -1);
  return { proposals: (await R.listProposals(ctx.deps.db, { status: f.status, orderId }, POLICY.staff.listPageMax)).map(viewListed) };
}

const listed = async (db: Db, id: number) => viewListed((await R.listProposals(db, { id }, 1))[0]);

/** decides a pending proposal, refusing the maker's own; `apply` (approval) posts it and answers the outcome to keep */
async function decide(
  ctx: StaffCtx<RolesOf<'approveMoney'>>,
  id: number,
  action: 'proposal.approve' | 'proposal.reject',
  apply: (trx: Db, p: R.ProposalRow) => Promise<{ status: 'applied' | 'failed' | 'rejected'; outcome: Record<string, unknown>; send?: Started }>,
) {
  const decided = await audited(ctx, action, `proposal:${id}`, async (trx) => {
    const p = await R.lockProposal(trx, id);
    if (!p) throw new StaffRefusal('notFound');
    const refusal = decisionRefusal({ status: p.status, maker_id: Number(p.maker_id) }, ctx.staff.id);
    if (refusal === 'ownProposal') throw new StaffRefusal('ownProposal');
    if (refusal === 'notPending') throw new StaffRefusal('alreadyDecided', { status: p.status });
    const { status, outcome, send } = await apply(trx, p);
    await R.decideProposal(trx, id, { status, checker_id: ctx.staff.id, decided_at: Date.now(), outcome });
    return { result: { status, outcome, send }, detail: { proposalId: id, status, ...outcome } };
  });
  // the provider is asked outside any transaction, as the payout job does; its answer moves the transfer and the order
  const transferState = decided.send && (await sendTransfer(ctx.deps, decided.send));
  const proposal = await listed(ctx.deps.db, id);
  if (decided.status === 'failed') throw new StaffRefusal('moneyRefused', { proposal });
  return transferState ? { proposal, transferState } : { proposal };
}

type Applied = { status: 'applied' | 'failed'; outcome: Record<string, unknown>; send?: Started };
const failed = (r: { refusal: string; error: string; max?: number }): Applied => ({
  status: 'failed',
  outcome: { refusal: r.refusal, error: r.error, ...(r.max === undefined ? {} : { max: r.max }) },
});

/** applies an approved proposal through the ledger (waiver, refund, write-off) or the rails (payout retry), in the approval's transaction */
export const approveProposal = (ctx: StaffCtx<RolesOf<'approveMoney'>>, id: number) =>
  decide(ctx, id, 'proposal.approve', async (trx, p): Promise<Applied> => {
    const asked = R.payloadOf(p);
    const orderId = Number(p.order_id);
    const now = ctx.deps.clock.now();
    const maker = (await trx.selectFrom('staff').select('username').where('id', '=', p.maker_id).executeTakeFirstOrThrow()).username;
    const operator = `${maker} (proposal ${p.id}), approved by ${ctx.staff.username}`;
    switch (asked.kind) {
      case 'waiver': {
        const orderNo = (await trx.selectFrom('orders').select('order_no').where('id', '=', orderId).executeTakeFirstOrThrow()).order_no;
        const r = await waiveOrder(trx, orderId, { orderNo, ...asked.payload, reason: p.reason, operator }, now);
        return r.ok ? { status: 'applied', outcome: { amountDue: r.amountDue, orderStatus: r.status } } : failed(r);
      }
      case 'refund': {
        const r = await refundOrder(trx, orderId, { amount: asked.payload.amount, proposalId: Number(p.id) }, now);
        if (!r.ok) return failed(r);
        // handed to the payout rail once approved (the refunds job does it later if the borrower has no account now)
        const send = (await newRefund(trx, r.order, { id: r.refundId, reference: r.reference, amount: r.amount }, now)) ?? undefined;
        return { status: 'applied', outcome: { refundId: r.refundId, reference: r.reference, amount: r.amount, refundOwed: r.refundOwed }, send };
      }
      case 'writeOff': {
        const r = await writeOffOrder(trx, orderId, { reason: p.reason, operator }, now);
        return r.ok ? { status: 'applied', outcome: { amountWrittenOff: r.amount, orderStatus: r.status } } : failed(r);
      }
      case 'payoutRetry': {
        const r = await retryPayout(trx, orderId, { note: operator }, now);
        return r.ok
          ? { status: 'applied', outcome: { reference: r.transfer.reference, amount: r.transfer.amount, account: r.transfer.account_masked }, send: r }
          : failed(r);
      }
    }
  });

export const rejectProposal = (ctx: StaffCtx<RolesOf<'approveMoney'>>, id: number, reason: string) =>
  decide(ctx, id, 'proposal.reject', async () => ({ status: 'rejected', outcome: { reason } }));
