/** Operations' view of the rails: payouts and collections that failed or have no result, and the reconciliation's exceptions. */
import type { StaffCtx } from './staffAuth';
import type { RolesOf } from '../staff/roles';
import { iso } from '../core/time';
import { POLICY } from '../settings/policy';
import { listExceptions, troubledTransfers, type TransferState } from '../repos/transfers';

type Ctx = StaffCtx<RolesOf<'readRails'>>;

/** the transfers in these states (failed, unknown; the console's "failed payouts"), newest first */
export async function listTransfers(ctx: Ctx, states: TransferState[]) {
  const rows = await troubledTransfers(ctx.deps.db, states, POLICY.rails.listed);
  return {
    transfers: rows.map((r) => ({
      reference: r.reference,
      kind: r.kind,
      orderNo: r.order_no,
      /** the order's status now (a failed payout's order in PayFail may be retried: a `payoutRetry` proposal) */
      orderStatus: r.order_status,
      amount: r.amount,
      account: r.account_masked,
      state: r.state,
      reason: r.fail_reason,
      providerRef: r.provider_ref,
      inquiries: r.inquiries,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    })),
  };
}

/** what the settlement files and the ledger disagree on, newest first, each with its evidence */
export async function listRailExceptions(ctx: Ctx) {
  const rows = await listExceptions(ctx.deps.db, POLICY.rails.listed);
  return {
    exceptions: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      reference: r.reference,
      file: r.file,
      evidence: r.evidence,
      createdAt: iso(r.created_at),
    })),
  };
}
