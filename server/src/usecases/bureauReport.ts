/**
 * The credit bureau's monthly file (server/README.md "Credit bureau"), a job once the month is over in Pakistan:
 * every loan paid out and not closed before the month began gets its record as the books stood at the month's end
 * (domain/bureau.ts), the file's totals are tied to the ledger's trial balance at that instant, and the file is sent
 * once (the month's row in bureau_submissions is the claim, race-safe across instances and reruns).
 *   - totals not the ledger's: the file is held, not sent; a `bureauTotals` exception carries both figures; the month
 *     is built and tied again every POLICY.bureau.retryMinutes (mended, it is sent);
 *   - no answer (time-out, unreadable): the same file is sent again under the same reference after retryMinutes
 *     (the bureau answers a reference it has with its first answer: never loaded twice);
 *   - each record the bureau rejected is a `bureauRecord` exception, a rejected file a `bureauFile` one, listed for
 *     operations with the rails' (GET /staff/rails/exceptions).
 * The file is kept sealed at rest (it carries CNICs).
 */
import type { Deps } from '../context/deps';
import { MINUTE_MS } from '../core/time';
import { maskNationalId } from '../core/mask';
import { openText, sealText } from '../db/atRest';
import { jsonb } from '../db/json';
import { fileTotals, ledgerFigures, loanRecord, monthBefore, tieDifferences, type BureauRecord, type ReportMonth } from '../domain/bureau';
import { fileReference, writeFile, type SubmissionAnswer } from '../providers/bureau/protocol';
import { POLICY } from '../settings/policy';
import { addSubmission, answerSubmission, claimSubmission, loansPaidOutBy, submissionOf, type SubmissionState } from '../repos/bureau';
import { basicOf } from '../repos/profiles';
import { journalsOf, loanBalancesAt } from '../repos/ledger';
import { addException } from '../repos/transfers';

const FINAL: readonly SubmissionState[] = ['accepted', 'partial', 'rejected'];
const STATE_OF: Record<SubmissionAnswer['status'], SubmissionState> = { ACCEPTED: 'accepted', PARTIAL: 'partial', REJECTED: 'rejected' };

/** the month's records from the ledger, in order of the orders */
async function recordsOf(deps: Deps, month: ReportMonth): Promise<BureauRecord[]> {
  const loans = await loansPaidOutBy(deps.db, month.start, month.end);
  const out: BureauRecord[] = [];
  for (let i = 0; i < loans.length; i += POLICY.bureau.batch) {
    const batch = loans.slice(i, i + POLICY.bureau.batch);
    const journals = await journalsOf(
      deps.db,
      batch.map((l) => l.id),
    );
    for (const l of batch) {
      const b = basicOf(l.basic, l.user_id);
      const facts = {
        orderNo: l.order_no,
        cnic: b ? openText(b.nationalId) : '',
        name: b ? [b.firstName, b.middleName, b.lastName].filter(Boolean).join(' ') : '',
        amount: l.amount,
      };
      const r = loanRecord(
        facts,
        journals.filter((j) => j.orderId === l.id),
        month,
      );
      if (r) out.push(r);
    }
  }
  return out;
}

/** the month's file and its tie to the ledger */
async function buildFile(deps: Deps, month: ReportMonth, reference: string, now: number) {
  const records = await recordsOf(deps, month);
  const totals = fileTotals(records);
  const { bal, writtenOff } = await loanBalancesAt(deps.db, month.start, month.end);
  const ledger = ledgerFigures(bal, writtenOff);
  const text = writeFile({ member: deps.cfg.bureauMemberCode, reference, period: month.period, asOf: month.end - 1, createdAt: now }, records, totals);
  return { text, totals, ledger, differences: tieDifferences(totals, ledger) };
}

export type BureauRun = 'held' | 'unknown' | SubmissionState | null;

/** the report of the month before `now`'s, if it is due from this run: what became of it (null: nothing to do here) */
export async function reportMonth(deps: Deps, now = deps.clock.now()): Promise<BureauRun> {
  const { db, log } = deps;
  const month = monthBefore(now);
  const row = await submissionOf(db, month.period);
  const retryBefore = now - POLICY.bureau.retryMinutes * MINUTE_MS;
  if (row && (FINAL.includes(row.state) || row.attempt_at > retryBefore)) return null;
  const reference = row?.reference ?? fileReference(deps.cfg.bureauMemberCode, month.period);

  let text: string;
  if (!row || row.state === 'held') {
    const built = await buildFile(deps, month, reference, now);
    const held = built.differences.length > 0;
    const fields = {
      state: held ? ('held' as const) : ('sending' as const),
      file: sealText(built.text),
      totals: jsonb(built.totals),
      ledger: jsonb(built.ledger),
    };
    const won = row
      ? await claimSubmission(db, month.period, 'held', retryBefore, now, fields)
      : await addSubmission(db, { period: month.period, reference, created_at: now, attempt_at: now, ...fields });
    if (!won) return null;
    if (held) {
      await addException(db, {
        kind: 'bureauTotals',
        reference: month.period,
        transferId: null,
        file: reference,
        evidence: { period: month.period, why: "the file's totals are not the ledger's at the month's end: not sent", differences: built.differences },
        now,
      });
      log.warn({ period: month.period, differences: built.differences }, 'bureau: the file does not tie to the ledger, held');
      return 'held';
    }
    text = built.text;
  } else {
    // sent before without an answer: the same file under the same reference
    if (!(await claimSubmission(db, month.period, 'sending', retryBefore, now))) return null;
    text = openText(row.file);
  }

  const out = await deps.bureauProvider.submit({ reference, text });
  if (out.state === 'unknown') {
    deps.metrics.providerFailures.inc({ provider: 'bureau', operation: 'submit' });
    log.warn({ period: month.period, reference, reason: out.reason }, 'bureau: no answer to the file, sent again later');
    return 'unknown';
  }
  const a = out.answer;
  const state = STATE_OF[a.status];
  await answerSubmission(db, month.period, state, jsonb(a), now);
  const records = text.split('\n');
  for (const e of a.errors) {
    const cnic = records[e.line - 1]?.split('|')[2] ?? '';
    await addException(db, {
      kind: 'bureauRecord',
      reference: `${month.period}:${e.account}`,
      transferId: null,
      file: reference,
      evidence: { period: month.period, orderNo: e.account, line: e.line, field: e.field, code: e.code, message: e.message, cnic: maskNationalId(cnic) },
      now,
    });
  }
  if (a.fileErrors.length)
    await addException(db, {
      kind: 'bureauFile',
      reference: month.period,
      transferId: null,
      file: reference,
      evidence: { period: month.period, errors: a.fileErrors },
      now,
    });
  log.info({ period: month.period, reference, status: a.status, received: a.received, accepted: a.accepted, repeat: a.repeat }, 'bureau: file answered');
  return state;
}
