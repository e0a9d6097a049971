/**
 * Web push (issue 41): a notice goes to each browser its borrower turned push on in, once, never at night in
 * Pakistan, encrypted (aes128gcm) and signed with our VAPID key; a subscription the push service answers 410 is
 * removed, and a log-out removes the device's. The push service here is a local HTTPS server (its own certificate,
 * trusted by the adapter's agent) that keeps what it receives.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { serverForFile, register, disbursedLoan, DAY } from './helpers';
import { PKT_OFFSET_MS, HOUR_MS } from '../src/core/time';
import { POLICY } from '../src/settings/policy';
import { tell } from '../src/usecases/notices';
import { DEV_VAPID_PRIVATE_KEY, DEV_VAPID_PUBLIC_KEY, vapidPush } from '../src/providers/push';
import C from '../src/api/contract';

const SUBJECT = 'mailto:push-test@loanmarket.example.pk';
// the push service's certificate (127.0.0.1), made for this run
const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-push-'));
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    path.join(certDir, 'key.pem'),
    '-out',
    path.join(certDir, 'cert.pem'),
  ],
  { stdio: 'ignore' },
);
const cert = fs.readFileSync(path.join(certDir, 'cert.pem'));
const key = fs.readFileSync(path.join(certDir, 'key.pem'));
fs.rmSync(certDir, { recursive: true });

const push = vapidPush({
  publicKey: DEV_VAPID_PUBLIC_KEY,
  privateKey: DEV_VAPID_PRIVATE_KEY,
  subject: SUBJECT,
  timeoutMs: 3000,
  ttlSeconds: POLICY.push.ttlSeconds,
  agent: new https.Agent({ ca: cert }),
});
const { srv, call } = serverForFile({ sessionTtlDays: 365 }, { push });

/** the push service: what each subscription received, and the status it answers (201 unless told) */
type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };
const received: Received[] = [];
const answers = new Map<string, number>();
const service = https.createServer({ cert, key }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(answers.get(req.url ?? '') ?? 201).end();
  });
});
const serviceUrl = new Promise<string>((resolve) =>
  service.listen(0, '127.0.0.1', () => resolve(`https://127.0.0.1:${(service.address() as { port: number }).port}`)),
);
test.after(() => service.close());

/** a browser's subscription: the keys a browser makes (P-256 public key, 16 secret bytes) */
const b64url = (b: Buffer) => b.toString('base64url');
async function subscription(name: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `${await serviceUrl}/push/${name}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(crypto.randomBytes(16)) } };
}
const to = (name: string) => received.filter((r) => r.path === `/push/${name}`);

/** moves the business clock to `hour` (Pakistan time) of the next Pakistan day (jobs run) */
async function nextDayAt(hour: number) {
  const { now } = await srv.dev('clock');
  const dayStart = Math.floor((now + PKT_OFFSET_MS) / DAY) * DAY - PKT_OFFSET_MS;
  await srv.dev('clock/advance', { ms: dayStart + DAY + hour * HOUR_MS - now });
}
const orderOf = (orderNo: string) => srv.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
/** which of these endpoints are kept */
const kept = async (...endpoints: string[]) =>
  (await srv.deps.db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', 'in', endpoints).orderBy('id').execute()).map((r) => r.endpoint);

/** the VAPID signature of a push (RFC 8292): `vapid t=<ES256 JWT>, k=<our public key>`, the JWT verified with that key; its claims */
function vapidClaims(r: Received) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(r.headers.authorization));
  assert.ok(m, `a VAPID authorization: ${r.headers.authorization}`);
  assert.equal(m[2], srv.cfg.vapidPublicKey);
  const raw = Buffer.from(m[2], 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const [h, p, s] = m[1].split('.');
  assert.ok(crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url')), 'signed by our key');
  return JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

test('a notice is pushed once to each device turned on, signed with VAPID, not at night; a 410 removes the subscription, a log-out the device', async () => {
  const u = await disbursedLoan(srv);
  await nextDayAt(10); // the approval's and payout's texts go out: nothing was subscribed to then
  const phone = await subscription('phone');
  const gone = await subscription('gone');
  answers.set('/push/gone', 410);
  for (const s of [phone, gone]) assert.deepEqual((await call('pushSubscribe', s, { token: u.token })).data, { push: true });
  assert.equal((await call('noticeSettings', {}, { token: u.token })).data.pushKey, srv.cfg.vapidPublicKey);
  const refused = await call('pushSubscribe', { ...phone, endpoint: 'not a url' }, { token: u.token });
  assert.equal(refused.code, C.ErrorCode.validationFailed);

  // written at night (Pakistan): pushed in the morning, with the text
  await srv.dev('clock/advance', { ms: 12 * HOUR_MS }); // 22:00
  const o = await orderOf(u.orderNo);
  assert.ok(await tell(srv.deps.db, o, 'paymentReceived', (await srv.dev('clock')).now, { key: 'push-1', amount: 100 }));
  await srv.dev('clock/advance', { ms: HOUR_MS });
  assert.equal(to('phone').length, 0, 'nothing at night');
  await nextDayAt(9);
  await srv.dev('clock/advance', { ms: 60_000 });
  assert.equal(to('phone').length, 1, 'pushed once');
  const [p] = to('phone');
  const claims = vapidClaims(p);
  assert.equal(claims.aud, await serviceUrl);
  assert.equal(claims.sub, SUBJECT);
  assert.ok(claims.exp * 1000 > Date.now());
  assert.equal(p.headers['content-encoding'], 'aes128gcm');
  assert.equal(p.headers.ttl, String(POLICY.push.ttlSeconds));
  assert.ok(p.body.length > 16 && !p.body.toString('latin1').includes(u.orderNo), 'encrypted');
  assert.equal(to('gone').length, 1);
  assert.deepEqual(await kept(phone.endpoint, gone.endpoint), [phone.endpoint], 'the one answered 410 removed');

  // once: more runs push nothing again
  await srv.dev('clock/advance', { ms: HOUR_MS });
  assert.equal(to('phone').length, 1);

  // turned off on this device: the next notice is not pushed to it
  assert.deepEqual((await call('pushUnsubscribe', { endpoint: phone.endpoint }, { token: u.token })).data, { push: false });
  assert.ok(await tell(srv.deps.db, o, 'paymentReceived', (await srv.dev('clock')).now, { key: 'push-2', amount: 100 }));
  await srv.dev('clock/advance', { ms: 60_000 });
  assert.equal(to('phone').length, 1);

  // on again, then logged out: the device's subscription goes with its session
  assert.equal((await call('pushSubscribe', phone, { token: u.token })).code, 0);
  assert.equal((await call('logout', {}, { token: u.token })).code, 0);
  assert.deepEqual(await kept(phone.endpoint), []);
  assert.ok(await tell(srv.deps.db, o, 'paymentReceived', (await srv.dev('clock')).now, { key: 'push-3', amount: 100 }));
  await srv.dev('clock/advance', { ms: 60_000 });
  assert.equal(to('phone').length, 1, 'nothing pushed after the log-out');
});

test("another borrower's subscription is theirs: turning push off names only one's own", async () => {
  const a = await register(call);
  const b = await register(call);
  const s = await subscription('shared');
  assert.equal((await call('pushSubscribe', s, { token: a.token })).code, 0);
  assert.equal((await call('pushUnsubscribe', { endpoint: s.endpoint }, { token: b.token })).code, 0);
  assert.deepEqual(await kept(s.endpoint), [s.endpoint]);
});
