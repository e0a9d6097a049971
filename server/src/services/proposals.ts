/**
 * Maker-checker on money (issue 40): a staff member proposes a money action on an order; a DIFFERENT
 * supervisor approves it, which applies it through the ledger's own posting (a waiver: usecases/waiver.ts)
 * in the same transaction that marks it applied, under the proposal's row lock: two approvals at once
 * apply it once, and a refusal by the ledger (nothing owed any more, above what is owed) marks it failed.
 */
import type { Db } from '../db';
import { iso, isoOrNull } from '../core/time';
import { POLICY } from '../settings/policy';
import { orderIdByNo } from '../repos/orders';
import { waiveOrder } from '../usecases/waiver';
import type { RolesOf } from '../staff/roles';
import { decisionRefusal } from '../staff/rules';
import * as R from '../repos/proposals';
import { audited, StaffRefusal, type StaffCtx } from './staffAuth';

type ListedRow = Awaited<ReturnType<typeof R.listProposals>>[number];

const view = (p: R.ProposalRow, names: { orderNo: string; maker: string; checker: string | null }) => ({
  id: Number(p.id),
  kind: p.kind,
  orderNo: names.orderNo,
  ...R.payloadOf(p),
  reason: p.reason,
  status: p.status,
  maker: names.maker,
  createdAt: iso(Number(p.created_at)),
  checker: names.checker,
  decidedAt: isoOrNull(p.decided_at),
  outcome: R.outcomeOf(p),
});
const viewListed = (p: ListedRow) => view(p, { orderNo: p.order_no, maker: p.maker, checker: p.checker });

export interface WaiverProposal {
  kind: 'waiver';
  orderNo: string;
  account: R.WaiverPayload['account'];
  amount: number;
  reason: string;
}

export async function propose(ctx: StaffCtx<RolesOf<'proposeMoney'>>, p: WaiverProposal) {
  const orderId = await orderIdByNo(ctx.deps.db, p.orderNo);
  if (orderId === undefined) throw new StaffRefusal('notFound', { orderNo: p.orderNo });
  return audited(ctx, 'proposal.create', `order:${p.orderNo}`, async (trx) => {
    const row = await R.addProposal(trx, {
      kind: p.kind,
      order_id: orderId,
      payload: { account: p.account, amount: p.amount },
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
      detail: { proposalId: Number(row.id), kind: p.kind, account: p.account, amount: p.amount, reason: p.reason },
    };
  });
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
  apply: (trx: Db, p: R.ProposalRow) => Promise<{ status: 'applied' | 'failed' | 'rejected'; outcome: Record<string, unknown> }>,
) {
  const decided = await audited(ctx, action, `proposal:${id}`, async (trx) => {
    const p = await R.lockProposal(trx, id);
    if (!p) throw new StaffRefusal('notFound');
    const refusal = decisionRefusal({ status: p.status, maker_id: Number(p.maker_id) }, ctx.staff.id);
    if (refusal === 'ownProposal') throw new StaffRefusal('ownProposal');
    if (refusal === 'notPending') throw new StaffRefusal('alreadyDecided', { status: p.status });
    const { status, outcome } = await apply(trx, p);
    await R.decideProposal(trx, id, { status, checker_id: ctx.staff.id, decided_at: Date.now(), outcome });
    return { result: { status, outcome }, detail: { proposalId: id, status, ...outcome } };
  });
  const proposal = await listed(ctx.deps.db, id);
  if (decided.status === 'failed') throw new StaffRefusal('moneyRefused', { proposal });
  return { proposal };
}

export const approveProposal = (ctx: StaffCtx<RolesOf<'approveMoney'>>, id: number) =>
  decide(ctx, id, 'proposal.approve', async (trx, p) => {
    const w = R.payloadOf(p);
    const orderNo = (await trx.selectFrom('orders').select('order_no').where('id', '=', p.order_id).executeTakeFirstOrThrow()).order_no;
    const maker = (await trx.selectFrom('staff').select('username').where('id', '=', p.maker_id).executeTakeFirstOrThrow()).username;
    const r = await waiveOrder(
      trx,
      Number(p.order_id),
      { orderNo, ...w, reason: p.reason, operator: `${maker} (proposal ${p.id}), approved by ${ctx.staff.username}` },
      ctx.deps.clock.now(),
    );
    return r.ok
      ? { status: 'applied', outcome: { amountDue: r.amountDue, orderStatus: r.status } }
      : { status: 'failed', outcome: { refusal: r.refusal, error: r.error, ...(r.max === undefined ? {} : { max: r.max }) } };
  });

export const rejectProposal = (ctx: StaffCtx<RolesOf<'approveMoney'>>, id: number, reason: string) =>
  decide(ctx, id, 'proposal.reject', async () => ({ status: 'rejected', outcome: { reason } }));
