/** Moving time for one order or one number without moving the shared clock (dev controls and QA fixtures only). */
import type { Deps } from '../app/deps';
import { POLICY } from '../settings/policy';

/** The order's moments move back together (null ones stay null): as if it had happened `ms` earlier. */
export async function shiftOrder(deps: Deps, orderNo: string, ms: number): Promise<boolean> {
  const o = await deps.db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst();
  if (!o) return false;
  // its journals too: the due date the ledger holds, and when each was written
  await deps.db
    .updateTable('journals')
    .set((eb) => ({ at: eb('at', '-', ms), due_at: eb('due_at', '-', ms) }))
    .where('order_id', '=', o.id)
    .execute();
  const r = await deps.db
    .updateTable('orders')
    .set((eb) => ({
      submitted_at: eb('submitted_at', '-', ms),
      due_at: eb('due_at', '-', ms),
      disbursed_at: eb('disbursed_at', '-', ms),
      decided_at: eb('decided_at', '-', ms),
      lending_at: eb('lending_at', '-', ms),
    }))
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends one number's wait between codes (its codes sent as if a minute earlier). */
export async function endCodeWait(deps: Deps, mobile: string): Promise<void> {
  await deps.db
    .updateTable('otps')
    .set((eb) => ({ created_at: eb('created_at', '-', POLICY.otp.resendSeconds * 1000) }))
    .where('mobile', '=', mobile)
    .execute();
}
