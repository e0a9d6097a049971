/**
 * The borrower's notices (domain/notices.ts): written in the transaction of the change they tell (once per order,
 * kind and key), reminders written by the job on their day, and their texts sent by the job outside the quiet
 * hours, in the borrower's language as it is when sent, unless they opted out (the inbox keeps every notice).
 */
import type { Db } from '../db';
import type { Deps } from '../context/deps';
import type { OrderRow } from '../repos/orders';
import { DAY_MS, MINUTE_MS, pkDate, pkDayStart } from '../core/time';
import { POLICY } from '../settings/policy';
import { noticeRef, noticeSms, noticeText, quietAt, reminderOn, staleAt, type NoticeKind } from '../domain/notices';
import { receivable } from '../domain/balances';
import { moneyOf } from '../repos/ledger';
import { addNotice, claimWaiting, moveNoticeSms, paramsOf, repayingDueBefore, setLang, setNoticeSms, stuckSending, type NoticeRow } from '../repos/notices';
import { messageByRef } from '../repos/smsMessages';
import { dropSubscription, liveSubscriptions } from '../repos/pushSubscriptions';

type Order = Pick<OrderRow, 'id' | 'user_id' | 'order_no' | 'amount' | 'due_at'>;

/**
 * The notice of `kind` for order `o` (inside the caller's transaction), unless it has one of this kind and key;
 * `amount` defaults to what is owed now (the loan's amount for an approval).
 */
export async function tell(
  db: Db,
  o: Order,
  kind: NoticeKind,
  now: number,
  opts: { key?: string; amount?: number; daysBefore?: number } = {},
): Promise<boolean> {
  const amount = opts.amount ?? (kind === 'approved' ? o.amount : receivable(await moneyOf(db, o.id)));
  const dueDate = o.due_at === null ? undefined : pkDate(o.due_at);
  const key = opts.key ?? (kind === 'overdue' && dueDate ? dueDate : '');
  return addNotice(db, { userId: o.user_id, orderId: o.id, kind, key, params: { orderNo: o.order_no, amount, dueDate, daysBefore: opts.daysBefore }, now });
}

/** the reminders of today (Pakistan day) for loans still being repaid: written once each (domain/notices.ts reminderOn) */
export async function remind(deps: Deps, now: number): Promise<number> {
  const from = pkDayStart(now);
  const days = Math.max(...POLICY.reminders.daysBefore);
  let n = 0;
  for (const o of await repayingDueBefore(deps.db, from, from + (days + 1) * DAY_MS)) {
    const r = reminderOn(o.due_at!, now);
    if (r && (await tell(deps.db, o, 'reminder', now, r))) n++;
  }
  return n;
}

/** the waiting notices' texts, unless it is night in Pakistan (they wait for the morning); how many were sent */
export async function sendNotices(deps: Deps, now: number): Promise<number> {
  if (quietAt(now)) return 0;
  let sent = 0;
  for (const { notice: n, user } of await claimWaiting(deps.db, POLICY.notices.sendsPerRun, now)) {
    const kind = n.kind as NoticeKind;
    if (staleAt(kind, n.created_at, now)) {
      await setNoticeSms(deps.db, n.id, 'stale');
      continue;
    }
    // pushed by the run that claimed its text (once), to the devices the borrower turned push on for
    await push(deps, n, user, now);
    if (user.notices_opt_out) await setNoticeSms(deps.db, n.id, 'optedOut');
    else {
      const ref = noticeRef(n.id);
      try {
        await deps.otp.notify(user.mobile, kind, noticeSms(kind, user.lang, paramsOf(n)), ref);
        await setNoticeSms(deps.db, n.id, 'sent', ref);
        sent++;
      } catch (e) {
        // not retried: a text the gateway refused may still have gone out; the inbox has the notice
        await setNoticeSms(deps.db, n.id, 'failed', ref);
        deps.log.warn({ notice: n.id, kind, err: (e as Error).message }, 'notice text not sent');
      }
    }
  }
  return sent;
}

/** the notice pushed to each live subscription of its borrower; one the push service no longer knows (404/410) is removed */
async function push(deps: Deps, n: NoticeRow, user: { id: number; lang: string }, now: number) {
  const subs = await liveSubscriptions(deps.db, user.id, now);
  if (!subs.length) return;
  const kind = n.kind as NoticeKind;
  const lang = user.lang === 'ur' ? 'ur' : 'en';
  const payload = { ...noticeText(kind, lang, paramsOf(n)), tag: noticeRef(n.id), lang, url: POLICY.push.openPath };
  for (const s of subs) {
    const r = await deps.push.send(s, payload);
    if (r.state === 'gone') await dropSubscription(deps.db, s.id);
    if (r.state !== 'sent') deps.log.info({ notice: n.id, subscription: s.id, state: r.state, reason: r.reason }, 'notice not pushed');
  }
}

/**
 * Texts a crash left claimed (`sending`) past POLICY.notices.unknownAfterMinutes, and never longer than a run may take
 * to send its claim (each text up to SMS_TIMEOUT_MS): `sent` when the gateway's answer or delivery report for the
 * text's reference is kept (the crash came after the gateway took it), else `unknown`, listed for operations
 * (GET /__ops/sms-undelivered) and settled by a report that still comes (usecases/smsDelivery.ts). The gateway's
 * protocol has no inquiry by our reference (server/README.md "SMS"), and a text is never sent twice on a guess.
 * How many became unknown.
 */
export async function settleStuckTexts(deps: Deps, now: number): Promise<number> {
  const { sendsPerRun, unknownAfterMinutes } = POLICY.notices;
  const before = now - Math.max(unknownAfterMinutes * MINUTE_MS, sendsPerRun * deps.cfg.smsTimeoutMs);
  let unknown = 0;
  for (const n of await stuckSending(deps.db, before, sendsPerRun)) {
    const ref = noticeRef(n.id);
    const state = (await messageByRef(deps.db, ref)) ? 'sent' : 'unknown';
    if (!(await moveNoticeSms(deps.db, n.id, ['sending'], state, ref)) || state === 'sent') continue;
    unknown++;
    deps.log.warn({ notice: n.id, kind: n.kind, claimedAt: n.sms_claimed_at }, 'notice text left sending: unknown whether the gateway took it');
  }
  return unknown;
}

/** the language the borrower's app uses now (each call names it): their texts go in it */
export const noteLanguage = (deps: Deps, userId: number, lang: 'en' | 'ur') => setLang(deps.db, userId, lang);
