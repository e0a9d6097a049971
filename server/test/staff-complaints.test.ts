/**
 * Complaints answered by staff (issue 40, market profile pk-secp, which runs the complaint process): the queue
 * with its service clock, a reply the borrower then reads on their complaint list (in the language it was
 * written in), resolve only once answered, escalate once, each step in the audit trail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register } from './helpers';
import { staffApi } from './staffHelpers';
import { loadProfile } from '../src/market/profile';

const profile = loadProfile('pk-secp');
let api: ReturnType<typeof staffApi>;
const { srv } = serverForFile(
  { sessionTtlDays: 3650, profile, staffSignInRateMax: 0 },
  {
    setup: async (s) => {
      api = staffApi(s.base);
    },
  },
);

test('a complaint answered in Urdu, shown to the borrower, resolved; escalated once; refused to a reviewer', async () => {
  const u = await register(srv.client);
  const made = await srv.client('createComplaint', { category: 'charges', text: 'I was charged twice for one payment.' }, { token: u.token, lang: 'ur' });
  assert.equal(made.code, 0, JSON.stringify(made));
  const ticketNo = made.data.complaint.ticketNo as string;
  assert.equal(made.data.complaint.reply, null);
  const agent = await api.member('agent');

  const list = await api.call('GET', '/complaints?status=open', { token: agent.token });
  const c = list.body.complaints.find((x: { ticketNo: string }) => x.ticketNo === ticketNo);
  assert.equal(c.text, 'I was charged twice for one payment.');
  assert.equal(Date.parse(c.resolveBy) - Date.parse(c.createdAt), profile.complaints!.resolutionDays * 86_400_000);
  assert.equal(c.late, false);
  assert.equal((await api.call('GET', '/complaints', { token: (await api.member('reviewer')).token })).status, 403);

  const early = await api.call('POST', `/complaints/${ticketNo}/resolve`, { token: agent.token });
  assert.deepEqual([early.status, Object.keys(early.body.fields)], [400, ['reply']]);
  const text = 'ہم نے دوسری ادائیگی آپ کو واپس کر دی ہے۔';
  const r = await api.call('POST', `/complaints/${ticketNo}/reply`, { token: agent.token, body: { text } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.complaint.status, r.body.complaint.reply.text], ['inProgress', text]);
  const esc = await api.call('POST', `/complaints/${ticketNo}/escalate`, { token: agent.token, body: { reason: 'refund needs a supervisor' } });
  assert.equal(esc.body.complaint.escalated.by, agent.staff.username);
  assert.equal((await api.call('POST', `/complaints/${ticketNo}/escalate`, { token: agent.token, body: { reason: 'again' } })).status, 409);
  const done = await api.call('POST', `/complaints/${ticketNo}/resolve`, { token: agent.token });
  assert.equal(done.body.complaint.status, 'resolved');
  assert.equal((await api.call('POST', `/complaints/${ticketNo}/reply`, { token: agent.token, body: { text: 'more' } })).status, 409);

  const mine = await srv.client('complaintList', {}, { token: u.token, lang: 'ur' });
  const seen = mine.data.complaints.find((x: { ticketNo: string }) => x.ticketNo === ticketNo);
  assert.equal(seen.status, 'resolved');
  assert.equal(seen.reply.text, text);
  const steps = await srv.deps.db.selectFrom('staff_audit').select('action').where('subject', '=', `complaint:${ticketNo}`).orderBy('seq').execute();
  assert.deepEqual(
    steps.map((s) => s.action),
    ['complaint.reply', 'complaint.escalate', 'complaint.resolve'],
  );
});
