/** Moving time for one order or one number without moving the shared clock (dev controls and QA fixtures only). */
import type { Deps } from '../context/deps';
import { shiftJournals } from '../repos/ledger';
import { orderIdByNo } from '../repos/orders';
import { shiftOrderMoments } from '../usecases/lifecycle';
import { POLICY } from '../settings/policy';

/** The order's moments move back together (null ones stay null): as if it had happened `ms` earlier. */
export async function shiftOrder(deps: Deps, orderNo: string, ms: number): Promise<boolean> {
  const id = await orderIdByNo(deps.db, orderNo);
  if (id === undefined) return false;
  await deps.db.transaction().execute(async (trx) => {
    // its journals too: the due date the ledger holds, and when each was written
    await shiftJournals(trx, id, ms);
    await shiftOrderMoments(trx, id, ms);
  });
  return true;
}

/** One complaint made `ms` earlier (its date and the date it was due resolved): the regulator's route once past it. */
export async function shiftComplaint(deps: Deps, ticketNo: string, ms: number): Promise<boolean> {
  const r = await deps.db
    .updateTable('complaints')
    .set((eb) => ({ created_at: eb('created_at', '-', ms), resolve_by: eb('resolve_by', '-', ms) }))
    .where('ticket_no', '=', ticketNo)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Ends one number's wait between codes (its codes sent as if a minute earlier). */
export async function endCodeWait(deps: Deps, mobile: string): Promise<void> {
  await deps.db
    .updateTable('otps')
    .set((eb) => ({ created_at: eb('created_at', '-', POLICY.otp.resendSeconds * 1000) }))
    .where('mobile', '=', mobile)
    .execute();
}
