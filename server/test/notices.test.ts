/**
 * SMS and notices (issue 41): codes and notices go through the SMS gateway (the file's sandbox plays it) and its
 * signed delivery reports are kept, a failed one logged with its message id and listed for operations; the borrower
 * is told of each change and reminded before the due date, once each, in their language, never at night in
 * Pakistan, not by text once they opt out (the inbox keeps every notice), and still after they log out. A text a
 * crash left claimed is settled by what the gateway reported, or listed as unknown.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, disbursedLoan, DAY } from './helpers';
import C from '../src/api/contract';
import { SMS_REPORT_PATH } from '../src/http/smsRoutes';
import { SANDBOX_SMS_SECRET, dlrTime, signedHeaders } from '../src/providers/sms/protocol';
import { PKT_OFFSET_MS, HOUR_MS, pkDate } from '../src/core/time';
import { POLICY } from '../src/settings/policy';
import { claimWaiting } from '../src/repos/notices';
import { noticeRef } from '../src/domain/notices';

const OPS = 'ops-token-for-the-notices-test-000000';
// sessions outlive the months the clock moves (the borrower changes a setting, then logs out, near the due date)
const { srv, call } = serverForFile({ opsToken: OPS, sessionTtlDays: 365 });

type Sms = { messageId: string; to: string; text: string; unicode: boolean; status: string | null };
/** the texts the sandbox took for this number (its phone) */
const texts = (mobile: string): Promise<Sms[]> => srv.rails(`sms?to=${mobile}`);
const row = (messageId: string) => srv.deps.db.selectFrom('sms_messages').selectAll().where('message_id', '=', messageId).executeTakeFirst();

async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** moves the business clock to `hour` (Pakistan time) of the Pakistan day `day` days after the one of `from` (jobs run) */
async function moveTo(from: number, day: number, hour: number) {
  const { now } = await srv.dev('clock');
  const dayStart = Math.floor((from + PKT_OFFSET_MS) / DAY) * DAY - PKT_OFFSET_MS;
  const target = dayStart + day * DAY + hour * HOUR_MS;
  assert.ok(target >= now, 'the clock only moves forward');
  await srv.dev('clock/advance', { ms: target - now });
}

async function orderOf(orderNo: string) {
  return srv.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
}
const noticesOf = async (orderNo: string) =>
  srv.deps.db
    .selectFrom('notices')
    .selectAll()
    .where('order_id', '=', (await orderOf(orderNo)).id)
    .orderBy('id')
    .execute();

test('a one-time code goes through the gateway; its delivery report is kept, a failure listed with its message id; a forged report changes nothing', async () => {
  const u = await register(call);
  const [sent] = await texts(u.mobile);
  assert.match(sent.text, /^123456 is your LoanMarket code/, 'the registration code, texted');
  await until('the delivery report', async () => (await row(sent.messageId))?.state === 'delivered');

  // the gateway is told this number's texts are not delivered: the next code's report says so
  await srv.rails('sms-numbers', { number: u.mobile, outcome: 'undeliver' });
  await srv.dev('clock/advance', { ms: 61_000, runJobs: false }); // the resend wait
  const r = await call('getVerifyCode', { mobile: u.mobile, type: 'login', channel: 'sms' }, { lang: 'ur' });
  assert.equal(r.code, 0, JSON.stringify(r));
  const failed = (await texts(u.mobile)).at(-1)!;
  assert.match(failed.text, /^123456 آپ کا LoanMarket کوڈ ہے/, 'in the language of the asker');
  assert.equal(failed.unicode, true);
  const stored = await until('the failure report', async () => {
    const x = await row(failed.messageId);
    return x?.state === 'undelivered' && x;
  });
  assert.equal(stored.purpose, 'code:login');
  assert.match(stored.status!, /^UNDELIV/);
  const ops = await fetch(`${srv.base}/__ops/sms-undelivered`, { headers: { authorization: `Bearer ${OPS}` } }).then((x) => x.json());
  assert.ok(
    ops.undelivered.some((x: { messageId: string; purpose: string }) => x.messageId === failed.messageId && x.purpose === 'code:login'),
    'operations see it by message id',
  );

  // a report not signed with the gateway's secret: refused, the stored state stays
  const forged = JSON.stringify({
    message_id: failed.messageId,
    receivernum: failed.to,
    status: 'DELIVRD',
    done_at: dlrTime(Date.now()),
    error_code: '0',
    ref: '',
  });
  const answer = await fetch(srv.base + SMS_REPORT_PATH, { method: 'POST', headers: signedHeaders('not-the-secret', forged), body: forged });
  assert.equal(answer.status, 401);
  // the same report signed: a report after the final state is a repeat and changes nothing either
  const late = await fetch(srv.base + SMS_REPORT_PATH, { method: 'POST', headers: signedHeaders(SANDBOX_SMS_SECRET, forged), body: forged }).then((x) =>
    x.json(),
  );
  assert.deepEqual(late, { ok: true, stored: false });
  assert.equal((await row(failed.messageId))?.state, 'undelivered');

  // refused at submission: the code is not sent, and the borrower is told (not a success)
  await srv.rails('sms-numbers', { number: u.mobile, outcome: 'refuse' });
  await srv.dev('clock/advance', { ms: 61_000, runJobs: false });
  const refused = await call('getVerifyCode', { mobile: u.mobile, type: 'login', channel: 'sms' });
  assert.equal(refused.code, C.ErrorCode.codeNotSent, JSON.stringify(refused));
  assert.equal(refused.status, 200, 'an answer of the catalogue, not a server error');
  assert.match(refused.msg, /could not be sent/);
  await srv.rails('sms-numbers', { number: u.mobile, outcome: 'deliver' });
});

test('notices and reminders: each once, in the borrower language, held through the night, none texted after opting out, still after log-out', async () => {
  // daytime in Pakistan before the loan: its approval and payout are texted at once
  await moveTo((await srv.dev('clock')).now, 1, 10);
  const u = await disbursedLoan(srv);
  const o = await orderOf(u.orderNo);
  const dueAt = o.due_at!;
  let phone = await texts(u.mobile);
  assert.ok(phone.some((m) => /^LoanMarket: Your loan .* is approved/.test(m.text)));
  assert.ok(
    phone.filter((m) => m.text.startsWith('LoanMarket: ')).every((m) => !m.unicode),
    'English notices in GSM characters',
  );
  assert.ok(phone.some((m) => /^LoanMarket: Rs\.\s[\d,]+ of loan .* was sent to your account/.test(m.text)));

  // the borrower uses the app in Urdu from now on
  const inbox = await call('noticeList', {}, { token: u.token, lang: 'ur' });
  assert.equal(inbox.code, 0);
  assert.deepEqual(
    inbox.data.notices.map((n: { kind: string }) => n.kind),
    ['paidOut', 'approved'],
  );
  assert.equal(inbox.data.unread, 2);
  assert.equal(inbox.data.notices[0].title, 'قرض کی ادائیگی');

  // 3 days before the due date, at 10:00: the reminder, in Urdu; another run the same day sends nothing more
  const before = (await texts(u.mobile)).length;
  await moveTo(dueAt, -3, 10);
  await srv.dev('jobs/run', {});
  phone = await texts(u.mobile);
  assert.equal(phone.length, before + 1, 'one reminder, once');
  assert.match(phone.at(-1)!.text, /^LoanMarket: قرض .* کی واپسی .* کو ہے/);

  // the day before, at 02:00: written (the inbox has it) but not texted at night; texted at 09:00
  await moveTo(dueAt, -1, 2);
  assert.equal((await texts(u.mobile)).length, before + 1, 'nothing at night');
  assert.equal((await noticesOf(u.orderNo)).find((n) => n.kind === 'reminder' && n.key.endsWith('/1'))?.sms, 'waiting');
  await moveTo(dueAt, -1, 9);
  phone = await texts(u.mobile);
  assert.equal(phone.length, before + 2);
  assert.match(phone.at(-1)!.text, /کل/);

  // opted out: the due-day reminder lands in the inbox only
  const off = await call('saveNoticeSettings', { texts: false }, { token: u.token, lang: 'ur' });
  assert.deepEqual(off.data, { texts: false, pushKey: srv.cfg.vapidPublicKey }, JSON.stringify(off));
  assert.deepEqual((await call('noticeSettings', {}, { token: u.token })).data, { texts: false, pushKey: srv.cfg.vapidPublicKey });
  await moveTo(dueAt, 0, 10);
  assert.equal((await texts(u.mobile)).length, before + 2, 'no text after opting out');
  const due = (await noticesOf(u.orderNo)).find((n) => n.kind === 'reminder' && n.key.endsWith('/0'));
  assert.equal(due?.sms, 'optedOut');

  // texts back on, then logged out: the overdue notice still reaches the registered number (docs/decisions.md)
  await call('saveNoticeSettings', { texts: true }, { token: u.token, lang: 'ur' });
  assert.equal((await call('logout', {}, { token: u.token, lang: 'ur' })).code, 0);
  await moveTo(dueAt, 1, 10);
  phone = await texts(u.mobile);
  assert.equal(phone.length, before + 3);
  assert.match(phone.at(-1)!.text, /تاریخ گزر چکی ہے/);

  // every notice once: a second run of every job the same day writes and sends nothing more
  await srv.dev('jobs/run', {});
  assert.equal((await texts(u.mobile)).length, before + 3);
  const due0 = pkDate(dueAt);
  assert.deepEqual(
    (await noticesOf(u.orderNo)).map((n) => `${n.kind} ${n.key}`),
    ['approved ', 'paidOut ', `reminder ${due0}/3`, `reminder ${due0}/1`, `reminder ${due0}/0`, `overdue ${due0}`],
  );
});

test('the inbox: read marks, the unread count, and another borrower sees none of it', async () => {
  await moveTo((await srv.dev('clock')).now, 1, 11);
  const u = await disbursedLoan(srv);
  const other = await register(call);
  const list = await call('noticeList', {}, { token: u.token });
  assert.equal(list.data.unread, 2);
  assert.equal(list.data.notices[0].title, 'Loan paid out');
  const first = list.data.notices[0].id as number;
  // another borrower marking this one's notice read changes nothing of it
  assert.equal((await call('noticeRead', { ids: [first] }, { token: other.token })).data.unread, 0);
  assert.equal((await call('noticeRead', { ids: [first] }, { token: u.token })).data.unread, 1);
  assert.equal((await call('noticeRead', {}, { token: u.token })).data.unread, 0);
  assert.deepEqual((await call('noticeList', {}, { token: other.token })).data.notices, []);
  const bad = await call('noticeRead', { ids: ['x'] }, { token: u.token });
  assert.notEqual(bad.code, 0, 'ids must be numbers');
});

test('texts left sending by a crash: sent when the gateway reported them, else unknown and listed for operations, settled by a late report', async () => {
  // at night the loan's notices wait; then a run claims them and the process dies before any answer is written
  await moveTo((await srv.dev('clock')).now, 1, 22);
  const u = await disbursedLoan(srv);
  const [approved, paidOut] = await noticesOf(u.orderNo);
  assert.deepEqual([approved.kind, approved.sms, paidOut.kind, paidOut.sms], ['approved', 'waiting', 'paidOut', 'waiting']);
  await claimWaiting(srv.deps.db, 200, (await srv.dev('clock')).now);
  // the gateway took the paid-out text (its answer is kept, no report comes) before the crash; the approval's was never submitted
  await srv.rails('sms-numbers', { number: u.mobile, outcome: 'silent' });
  await srv.deps.otp.notify(u.mobile, 'paidOut', 'LoanMarket: paid out', noticeRef(paidOut.id));

  // not yet past the policy time: a run still sending them is not second-guessed
  await srv.dev('clock/advance', { ms: 10 * 60_000 });
  assert.deepEqual(
    (await noticesOf(u.orderNo)).map((n) => n.sms),
    ['sending', 'sending'],
  );
  await srv.dev('clock/advance', { ms: POLICY.notices.unknownAfterMinutes * 60_000 });
  assert.deepEqual(
    (await noticesOf(u.orderNo)).map((n) => [n.kind, n.sms]),
    [
      ['approved', 'unknown'],
      ['paidOut', 'sent'],
    ],
  );
  const ops = () => fetch(`${srv.base}/__ops/sms-undelivered`, { headers: { authorization: `Bearer ${OPS}` } }).then((x) => x.json());
  const listed = (await ops()).unknown.filter((x: { orderNo: string }) => x.orderNo === u.orderNo);
  assert.deepEqual(
    listed.map((x: { notice: number; kind: string; ref: string }) => [x.notice, x.kind, x.ref]),
    [[approved.id, 'approved', noticeRef(approved.id)]],
    'operations see the unknown text',
  );
  // and the morning's run sends neither again (never twice on a guess)
  const before = (await texts(u.mobile)).length;
  await moveTo((await srv.dev('clock')).now, 1, 10);
  assert.equal((await texts(u.mobile)).length, before);

  // the gateway had taken it after all: its report, late, settles it
  await srv.rails('sms-numbers', { number: u.mobile, outcome: 'deliver' });
  const late = await srv.deps.sms.submit({ to: u.mobile, text: 'LoanMarket: approved', ref: noticeRef(approved.id) });
  assert.ok(late.ok);
  await until('the late report', async () => (await noticesOf(u.orderNo))[0].sms === 'sent');
  assert.ok(!(await ops()).unknown.some((x: { orderNo: string }) => x.orderNo === u.orderNo), 'no longer unknown');
});

test('the reminder days are the policy: a changed list reminds on its days, once each, with the days in the text', async () => {
  const policy = POLICY.reminders as { daysBefore: readonly number[] };
  const kept = policy.daysBefore;
  policy.daysBefore = [5, 2];
  try {
    await moveTo((await srv.dev('clock')).now, 1, 10);
    const u = await disbursedLoan(srv);
    const dueAt = (await orderOf(u.orderNo)).due_at!;
    const reminders = async () => (await noticesOf(u.orderNo)).filter((n) => n.kind === 'reminder').map((n) => n.key);
    const inbox = async () => (await call('noticeList', {}, { token: u.token })).data.notices.map((n: { title: string }) => n.title);
    await moveTo(dueAt, -5, 10);
    await srv.dev('jobs/run', {});
    assert.deepEqual(await reminders(), [`${pkDate(dueAt)}/5`], 'five days before, once');
    assert.match((await texts(u.mobile)).at(-1)!.text, /^LoanMarket: Loan .* is due on/);
    assert.equal((await inbox())[0], 'Due in 5 days');
    for (const day of [-4, -3, -2]) await moveTo(dueAt, day, 10);
    await srv.dev('jobs/run', {});
    assert.deepEqual(await reminders(), [`${pkDate(dueAt)}/5`, `${pkDate(dueAt)}/2`], 'two days before; none on the days not listed');
    assert.equal((await inbox())[0], 'Due in 2 days');
    await moveTo(dueAt, 0, 10);
    assert.equal((await reminders()).length, 2, 'no reminder on the due date: 0 is not in the list');
  } finally {
    policy.daysBefore = kept;
  }
});
