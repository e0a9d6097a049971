/**
 * Queue-item claims (issue 40): a member who opens a queue item holds it for POLICY.staff.claimMinutes; another's
 * decision on it is refused (English and Urdu) until it expires, is released, or a supervisor takes it over (in the
 * trail). Two claims at once: exactly one wins (run on PostgreSQL too: PGlite hides races).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register } from './helpers';
import { staffApi } from './staffHelpers';
import { loadProfile } from '../src/market/profile';
import { POLICY } from '../src/settings/policy';

let api: ReturnType<typeof staffApi>;
const { srv } = serverForFile(
  { sessionTtlDays: 3650, profile: loadProfile('pk-secp'), staffSignInRateMax: 0 },
  {
    setup: async (s) => {
      api = staffApi(s.base);
    },
  },
);

/** a borrower's new complaint: its ticket number */
async function ticket(): Promise<string> {
  const u = await register(srv.client);
  const made = await srv.client('createComplaint', { category: 'charges', text: 'I was charged twice for one payment.' }, { token: u.token });
  assert.equal(made.code, 0, JSON.stringify(made));
  return made.data.complaint.ticketNo as string;
}
const listed = async (token: string, ticketNo: string) =>
  (await api.call('GET', '/complaints', { token })).body.complaints.find((c: { ticketNo: string }) => c.ticketNo === ticketNo);
const reply = (token: string, ticketNo: string, lang = 'en') =>
  api.call('POST', `/complaints/${ticketNo}/reply`, { token, body: { text: 'We are looking into it.' }, headers: { lang } });

test('a claimed complaint: others see who holds it until when, and their reply is refused in their language until it is released', async () => {
  const ticketNo = await ticket();
  const [a, b] = await Promise.all([api.member('agent'), api.member('agent')]);

  const claimed = await api.call('POST', `/complaints/${ticketNo}/claim`, { token: a.token });
  assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
  const until = Date.parse(claimed.body.claim.until);
  assert.equal(until - srv.deps.clock.now() <= POLICY.staff.claimMinutes * 60_000, true);
  assert.equal(until - srv.deps.clock.now() > (POLICY.staff.claimMinutes - 1) * 60_000, true);

  const seen = await listed(b.token, ticketNo);
  assert.deepEqual(seen.claim, { by: a.staff.name, username: a.staff.username, until: claimed.body.claim.until, mine: false });
  assert.equal((await listed(a.token, ticketNo)).claim.mine, true);

  const en = await reply(b.token, ticketNo);
  assert.deepEqual([en.status, en.body.error, en.body.claim.username], [409, 'claimedByOther', a.staff.username]);
  assert.match(en.body.message, new RegExp(`^\u2068${a.staff.name}\u2069 is working on this item until \u2066\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d PKT\u2069:`));
  const ur = await reply(b.token, ticketNo, 'ur');
  assert.match(ur.body.message, /تک کام کر رہے ہیں/);
  assert.equal((await api.call('POST', `/complaints/${ticketNo}/claim`, { token: b.token })).body.error, 'claimedByOther');
  assert.equal((await listed(b.token, ticketNo)).reply, null, 'nothing written');

  // the holder works it (their claim renewed), then lets it go: the other may answer
  assert.equal((await reply(a.token, ticketNo)).status, 200);
  assert.equal((await api.call('POST', `/complaints/${ticketNo}/release`, { token: b.token })).body.released, false, 'only the holder releases');
  assert.equal((await api.call('POST', `/complaints/${ticketNo}/release`, { token: a.token })).body.released, true);
  assert.equal((await listed(b.token, ticketNo)).claim, null);
  const answered = await reply(b.token, ticketNo);
  assert.equal(answered.status, 200, JSON.stringify(answered.body));
  assert.equal(answered.body.complaint.claim.username, b.staff.username, 'answering holds the item for the one answering');

  // resolving closes the item and its claim
  const done = await api.call('POST', `/complaints/${ticketNo}/resolve`, { token: b.token });
  assert.equal(done.body.complaint.claim, null);
  assert.equal((await api.call('POST', `/complaints/${ticketNo}/claim`, { token: a.token })).body.error, 'alreadyDecided');
  assert.equal((await api.call('POST', '/complaints/C-NO-SUCH/claim', { token: a.token })).status, 404);
});

test('a claim ends on its own after the policy time; a supervisor takes one over, the trail naming whom from; an agent may not', async () => {
  const [first, second] = [await ticket(), await ticket()];
  const [a, b, sup] = await Promise.all([api.member('agent'), api.member('agent'), api.member('supervisor')]);

  assert.equal((await api.call('POST', `/complaints/${first}/claim`, { token: a.token })).status, 200);
  await srv.dev('clock/advance', { ms: POLICY.staff.claimMinutes * 60_000 });
  assert.equal((await listed(b.token, first)).claim, null, 'expired');
  assert.equal((await reply(b.token, first)).status, 200);

  assert.equal((await api.call('POST', `/complaints/${second}/claim`, { token: a.token })).status, 200);
  const refused = await api.call('POST', `/complaints/${second}/takeover`, { token: b.token });
  assert.deepEqual([refused.status, refused.body.error], [403, 'forbidden']);
  const taken = await api.call('POST', `/complaints/${second}/takeover`, { token: sup.token });
  assert.equal(taken.status, 200, JSON.stringify(taken.body));
  assert.equal(taken.body.claim.username, sup.staff.username);
  assert.equal((await reply(a.token, second)).body.error, 'claimedByOther', 'the former holder is refused now');
  assert.equal((await reply(sup.token, second)).status, 200);

  const trail = await api.call('GET', `/audit?subject=complaint:${second}`, { token: sup.token });
  const steps = trail.body.entries.map((e: { action: string; staffId: number; detail: { fromStaffId?: number } }) => [
    e.action,
    e.staffId,
    e.detail.fromStaffId ?? null,
  ]);
  assert.deepEqual(
    steps.filter(([action]: [string]) => action.startsWith('claim')),
    [
      ['claim', a.staff.id, null],
      ['claim.takeover', sup.staff.id, a.staff.id],
    ],
    JSON.stringify(trail.body.entries),
  );
});

test('two claims of one item at once: exactly one wins, the other is told who holds it', async () => {
  for (let round = 0; round < 3; round++) {
    const ticketNo = await ticket();
    const members = await Promise.all([api.member('agent'), api.member('agent'), api.member('supervisor'), api.member('agent')]);
    const answers = await Promise.all(members.map((m) => api.call('POST', `/complaints/${ticketNo}/claim`, { token: m.token })));
    const won = answers.filter((r) => r.status === 200);
    assert.equal(won.length, 1, JSON.stringify(answers.map((r) => r.body)));
    const winner = won[0].body.claim.username;
    for (const r of answers.filter((x) => x.status !== 200)) assert.deepEqual([r.status, r.body.error, r.body.claim.username], [409, 'claimedByOther', winner]);
    const rows = await srv.deps.db.selectFrom('queue_claims').selectAll().where('queue', '=', 'complaint').where('item', '=', ticketNo).execute();
    assert.equal(rows.length, 1);

    // and a claim racing another member's reply: one of them only
    const next = await ticket();
    const [claim, answer] = await Promise.all([api.call('POST', `/complaints/${next}/claim`, { token: members[0].token }), reply(members[1].token, next)]);
    assert.equal([claim.status, answer.status].filter((s) => s === 200).length, 1, JSON.stringify([claim.body, answer.body]));
  }
});
