/**
 * Slow and greedy clients on one instance: a request whose headers or body never finish is closed
 * (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS), and one borrower's calls in progress are capped
 * (BORROWER_MAX_CONCURRENT) while another borrower is served.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { serverForFile, register } from './helpers';
import C from '../src/api/contract';

const { ErrorCode: E, errorMessage } = C;
const CAP = 3;
// the request time-out well after the headers' (so a header test sees the headers' own time-out)
const { srv: s } = serverForFile({ headersTimeoutMs: 1000, requestTimeoutMs: 6000, borrowerMaxConcurrent: CAP });

/** opens a connection, writes `head`, and answers what the server sent and when it closed (or null by `waitMs`) */
function hold(head: string) {
  const sock = net.connect(Number(new URL(s.base).port), '127.0.0.1');
  const t0 = Date.now();
  let got = '';
  sock.on('data', (d) => (got += d));
  sock.on('error', () => undefined);
  const closed = new Promise<{ ms: number; got: string }>((r) => sock.on('close', () => r({ ms: Date.now() - t0, got })));
  sock.write(head);
  return { sock, closed };
}
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<null>((r) => setTimeout(() => r(null), ms).unref())]);

// each test its own connections and borrowers, waiting on the server's clocks: side by side (14 s one after the other)
describe('slow and greedy clients', { concurrency: true }, () => {
  for (const [kind, trickle] of [
    ['a header line every 300 ms', 'X-Slow: 1\r\n'],
    ['a byte every 300 ms', 'X'],
    ['then nothing', ''],
  ] as const) {
    test(`headers that never finish (${kind}): answered 408 and closed within HEADERS_TIMEOUT_MS (+1 s check)`, async () => {
      const { sock, closed } = hold('GET /health HTTP/1.1\r\nHost: x\r\n');
      const slow = setInterval(() => trickle && sock.writable && sock.write(trickle), 300);
      const r = await within(closed, 4000);
      clearInterval(slow);
      sock.destroy();
      assert.ok(r, 'the connection was still open after 4 s');
      assert.match(r.got, /^HTTP\/1.1 408/);
    });
  }

  test('a body that never finishes: closed within REQUEST_TIMEOUT_MS (+1 s check)', async () => {
    const { sock, closed } = hold('POST /api/x HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"a":');
    const r = await within(closed, 9000);
    sock.destroy();
    assert.ok(r, 'the connection was still open after 9 s');
  });

  test('one borrower past BORROWER_MAX_CONCURRENT calls in progress is answered callsInProgress (en, ur); another borrower is served; the cap frees', async () => {
    const a = await register(s.client);
    const b = await register(s.client);
    assert.equal((await s.client('getUserInfo', {}, { token: a.token })).code, 0);
    // CAP calls of A in progress: their bodies still arriving
    const held = Array.from({ length: CAP }, () =>
      hold(`POST /api/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${a.token}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{`),
    );
    try {
      await new Promise((r) => setTimeout(r, 300));
      const en = await s.client('getUserInfo', {}, { token: a.token });
      assert.equal(en.status, 429);
      assert.equal(en.code, E.callsInProgress);
      assert.equal(en.msg, errorMessage(E.callsInProgress, 'en'));
      const ur = await s.client('getUserInfo', {}, { token: a.token, lang: 'ur' });
      assert.equal(ur.msg, errorMessage(E.callsInProgress, 'ur'));
      assert.notEqual(ur.msg, en.msg);
      assert.equal((await s.client('getUserInfo', {}, { token: b.token })).code, 0, 'another borrower is served');
    } finally {
      // the held calls end (the client gives up): A is served again
      for (const h of held) h.sock.destroy();
    }
    await Promise.all(held.map((h) => h.closed));
    await new Promise((r) => setTimeout(r, 200));
    assert.equal((await s.client('getUserInfo', {}, { token: a.token })).code, 0);
  });
});
