/**
 * Reconciliation (server/README.md "Money rails"): each settlement file the provider publishes is read once and
 * matched, line by line, against the transfers and the ledger's cash postings. Every mismatch is an exception row
 * with its evidence (repos/transfers.ts), listed for operations:
 *   extra    the file lists money the ledger has not posted (an unknown reference, or a transfer we hold as failed)
 *   missing  the ledger posted cash for a transfer the provider says moved before the file's cut-off, and no file lists it
 *   amount   the file's amount and the ledger's cash for the transfer differ
 * A line of a transfer still waiting for its result is first asked about (status inquiry), as its notice may be lost.
 */
import type { Deps } from '../context/deps';
import { msOfStamp, parseSettlement } from '../providers/rails/protocol';
import { cashOfTransfer } from '../repos/ledger';
import { addException, addSettlementFile, fileRead, fileTransfer, isFinal, railOf, transferByReference, unfiled } from '../repos/transfers';
import { applyAnswer } from './transfers';

/** when the file's cut-off was, from its name (settlement-<yyyyMMddHHmmss PKT>-<seq>.csv) */
const cutOffOf = (name: string) => msOfStamp(/^settlement-(\d{14})-\d+\.csv$/.exec(name)?.[1]);

/** reads the files not read yet; how many */
export async function reconcile(deps: Deps): Promise<number> {
  const { db, rails, clock, log } = deps;
  let names: string[];
  try {
    names = await rails.settlement.files();
  } catch (e) {
    deps.metrics.providerFailures.inc({ provider: 'rails', operation: 'settlement' });
    log.warn({ err: (e as Error).message }, 'reconciliation: the settlement files could not be listed');
    return 0;
  }
  let read = 0;
  for (const name of names) {
    const end = cutOffOf(name);
    if (end === null || (await fileRead(db, name))) continue;
    const { lines, unreadable } = parseSettlement(await rails.settlement.read(name));
    const now = clock.now();
    const exception = (kind: 'missing' | 'extra' | 'amount', reference: string, transferId: number | null, evidence: object) =>
      addException(db, { kind, reference, transferId, file: name, evidence, now });
    for (const row of unreadable) await exception('extra', `${name}:${row.slice(0, 40)}`, null, { line: row, why: 'unreadable line' });
    for (const line of lines) {
      let t = await transferByReference(db, line.reference);
      if (!t) {
        await exception('extra', line.reference, null, { line, why: 'no transfer of this reference' });
        continue;
      }
      if (!isFinal(t.state)) {
        await applyAnswer(deps, t.id, await rails[railOf(t.kind)].inquire(t.reference), 'inquiry');
        t = (await transferByReference(db, line.reference))!;
      }
      await fileTransfer(db, t.id, name);
      if (t.state !== 'succeeded') {
        await exception('extra', line.reference, t.id, {
          line,
          transfer: { state: t.state, reason: t.fail_reason },
          why: 'the provider settled a transfer not posted',
        });
        continue;
      }
      const cash = await cashOfTransfer(db, t);
      if (cash !== line.amount) await exception('amount', line.reference, t.id, { line, ledgerCash: cash, asked: t.amount });
    }
    for (const t of await unfiled(db, end))
      await exception('missing', t.reference, t.id, {
        transfer: { amount: t.amount, providerAt: t.provider_at, providerRef: t.provider_ref },
        ledgerCash: await cashOfTransfer(db, t),
        why: 'posted, not in the settlement file',
      });
    await addSettlementFile(db, { name, period_end: end, lines: lines.length, total: lines.reduce((s, l) => s + l.amount, 0), read_at: now });
    read++;
    log.info({ file: name, lines: lines.length }, 'reconciliation: settlement file read');
  }
  return read;
}
