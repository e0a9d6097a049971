/**
 * Against platform/src/stack/cluster.ts: three API instances on one PostgreSQL behind HAProxy, jobs running on
 * all three every 100 ms. Run: bash scripts/with-postgres.sh node --import tsx --test server/test/cluster/cluster.test.ts
 * (the `cluster` stage of scripts/test.mjs). CLUSTER_PORT: the balancer (default 4090), instances the next three.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import C from '../../src/api/contract';
import type { EndpointName } from '../../src/api/contract';
import { overdueDaysAt, penaltyThrough, termsOf } from '../../src/domain/figures';
import { pkDayStart } from '../../src/core/time';
import type { OrderRow } from '../../src/repos/orders';
import { BASIC, ADDITION, CARD, ANSWERS, JPEG, FACE, FIXED, DAY, newMobile, cardPhoto, CNIC_FRONT_LINES } from '../helpers';
import { RAILS_NOTICE_PATH } from '../../src/http/railsRoutes';
import { SMS_REPORT_PATH } from '../../src/http/smsRoutes';

const { endpoints, deriveKey, sealRequest, fillPath, DEFAULT_PACKAGE_NAME, OrderStatus: S, ErrorCode: E } = C;
const KEY = deriveKey(DEFAULT_PACKAGE_NAME);
const skip = process.env.DATABASE_URL ? false : 'needs DATABASE_URL (bash scripts/with-postgres.sh ...)';
const LB = Number(process.env.CLUSTER_PORT ?? 4090);

type Child = import('node:child_process').ChildProcess;
type Cluster = {
  url: string;
  nodes: { name: string; port: number; process: Child }[];
  balancer: Child;
  sandbox: { url: string; process: Child } | null;
  stop(): Promise<void>;
};
let cluster: Cluster;
let providerPaths: Record<string, string>;
let db: pg.Client;
const served = new Set<string>();
/** what the balancer and the instances logged */
const logs = { balancer: '', api: '' };
/** the sealed query of every GET sent: no log may keep one */
const queries: { field: string; sealed: string }[] = [];

before(async () => {
  if (skip) return;
  const mod = (await import('../../../platform/src/stack/cluster.ts' as string)) as {
    startCluster(o: object): Promise<Cluster>;
    PROVIDER_PATHS: Record<string, string>;
  };
  providerPaths = mod.PROVIDER_PATHS;
  // the stack starts the rails and SMS sandbox beside the instances (the port after theirs), and has the providers post
  // to the balancer
  cluster = await mod.startCluster({
    lbPort: LB,
    log: 'pipe',
    // the front end's nginx (docs/deploy/haproxy.cfg): on this machine
    frontProxies: ['127.0.0.1'],
    restart: false, // the kill test checks the others carry on without the victim
    env: {
      NODE_ENV: 'test',
      OTP_FIXED_CODE: FIXED,
      JOB_INTERVAL_MS: '100',
      REVIEW_DELAY_MS: '0',
      PAYOUT_DELAY_MS: '0',
      RETENTION_DAYS: '0',
      AUTH_RATE_LIMIT_MAX: '30',
      OTP_CHALLENGE_AFTER: '0',
      LOG_LEVEL: 'info', // the request log
    },
  });
  for (const out of [cluster.balancer.stdout, cluster.balancer.stderr]) out!.on('data', (d) => (logs.balancer += d));
  for (const n of cluster.nodes) for (const out of [n.process.stdout, n.process.stderr]) out!.on('data', (d) => (logs.api += d));
  for (const out of [cluster.sandbox!.process.stdout, cluster.sandbox!.process.stderr]) out!.resume(); // its texts: read, or its pipe fills
  db = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    types: { getTypeParser: (oid: number, fmt?: any) => (oid === 20 ? Number : pg.types.getTypeParser(oid, fmt)) } as any,
  });
  await db.connect();
});
after(async () => {
  await db?.end();
  await cluster?.stop();
});

type Answer = { status: number; code: number; msg: string; data: any; servedBy: string };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function send(path: string, method: string, headers: Record<string, string>, body: Buffer | undefined, localAddress?: string, port = LB) {
  return new Promise<{ status: number; body: string; servedBy: string }>((resolve, reject) => {
    const r = http.request({ host: '127.0.0.1', port, path, method, headers, localAddress, agent: false }, (res) => {
      let b = '';
      res
        .setEncoding('utf8')
        .on('data', (d) => (b += d))
        .on('end', () => resolve({ status: res.statusCode ?? 0, body: b, servedBy: String(res.headers['x-served-by'] ?? '') }));
    });
    r.on('error', reject);
    r.end(body);
  });
}

/**
 * One wire call through the balancer (`via`: another port in front of it, nginx's; `from`: the client's address;
 * `headers`: more of them). A request that got no answer (connection reset, 502/503 while an instance dies) is sealed
 * again and retried: only answered calls count as acknowledged.
 */
async function call(
  name: EndpointName,
  params: Record<string, unknown> = {},
  o: { token?: string; file?: Buffer; type?: string; from?: string; via?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const ep = endpoints[name];
  for (let attempt = 0; ; attempt++) {
    const { path: logical, rest } = fillPath(ep.path, params);
    const req = sealRequest(KEY, ep.prefix, logical, rest);
    const headers: Record<string, string> = { appName: 'LoanMarket', afid: 'cluster', lang: 'en', packageName: DEFAULT_PACKAGE_NAME, ...o.headers };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    let body: Buffer | undefined;
    let url = req.url;
    if (ep.multipart) {
      const fd = new FormData();
      if (o.file) fd.append('file', new Blob([new Uint8Array(o.file)], { type: o.type ?? 'image/jpeg' }), 'photo');
      fd.append(req.field, req.sealed);
      const r = new Request('http://x/', { method: 'POST', body: fd });
      body = Buffer.from(await r.arrayBuffer());
      headers['content-type'] = r.headers.get('content-type')!;
    } else if (ep.method === 'POST') {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify({ [req.field]: req.sealed }));
    } else {
      url += `?${req.field}=${encodeURIComponent(req.sealed)}`;
      queries.push({ field: req.field, sealed: req.sealed });
    }
    try {
      const r = await send(url, ep.method, headers, body, o.from, o.via);
      if (r.status < 502 || r.status > 504) {
        served.add(r.servedBy);
        return { ...(JSON.parse(r.body) as Omit<Answer, 'status' | 'servedBy'>), status: r.status, servedBy: r.servedBy };
      }
    } catch (e) {
      if (attempt > 30) throw e;
    }
    if (attempt > 30) throw new Error(`${name}: no answer through the balancer`);
    await sleep(200);
  }
}
const ok = (a: Answer, what: string) => {
  assert.equal(a.code, 0, `${what}: ${a.code} ${JSON.stringify(a.data)}`);
  return a;
};

async function newUser() {
  const mobile = newMobile();
  ok(await call('getVerifyCode', { mobile, type: 'register' }), 'code');
  return ok(await call('register', { mobile, code: FIXED }), 'register').data.token as string;
}
/** the code an account change needs, from the registered number: the one-code-a-minute wait moved into the past first */
async function accountCode(token: string): Promise<string> {
  const { mobile } = ok(await call('getUserInfo', {}, { token }), 'user').data;
  await db.query('update otps set created_at = created_at - 61000 where mobile = $1', [mobile]);
  ok(await call('getVerifyCode', { mobile, type: 'bankAccount' }, { token }), 'account code');
  return FIXED;
}
async function onboardAndApply(token: string, reject = false) {
  ok(await call('saveBasicInfo', BASIC, { token }), 'basic');
  for (const step of ['uploadOtherCardFront', 'uploadOtherCardBack', 'saveFaceImage'] as const)
    ok(await call(step, {}, { token, file: step === 'saveFaceImage' ? FACE : JPEG }), step);
  ok(await call('finishUploadAllImg', { agree: true }, { token }), 'finish');
  ok(await call('saveAdditionInfo', ADDITION, { token }), 'addition');
  ok(await call('addBankCard', { ...CARD, accountCode: await accountCode(token) }, { token }), 'card');
  const answers = ANSWERS.map((a) => (reject && a.question <= 2 ? { ...a, answer: 'yes' } : a));
  ok(await call('saveQuestionnaire', { answers }, { token }), 'questionnaire');
  const ap = ok(await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token }), 'apply');
  assert.equal(ap.data.order.status, S.Applying);
  return ap.data.order.orderNo as string;
}
async function until<T>(what: string, f: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}
const q = async (text: string, values: unknown[] = []) => (await db.query(text, values)).rows;
const eventsPerOrder = async (type: string, orderNos: string[]) =>
  new Map(
    (
      await q(
        `select o.order_no, count(e.id)::int n from orders o left join order_events e on e.order_id = o.id and e.type = $1 where o.order_no = any($2) group by o.order_no`,
        [type, orderNos],
      )
    ).map((r) => [r.order_no as string, r.n as number]),
  );

test('the auth limit holds across the three instances', { skip }, async () => {
  const from = '127.0.0.2';
  const answers: Answer[] = [];
  for (let i = 0; i < 31; i++) answers.push(await call('getVerifyCode', { mobile: 'x', type: 'register' }, { from }));
  assert.ok(new Set(answers.map((a) => a.servedBy)).size === 3, 'the calls landed on all three instances');
  assert.ok(answers.slice(0, 30).every((a) => a.code !== E.rateLimited));
  assert.equal(answers[30].code, E.rateLimited, 'the 31st auth call in a minute is refused whichever instance gets it');
  assert.notEqual((await call('getVerifyCode', { mobile: 'x', type: 'register' }, { from: '127.0.0.3' })).code, E.rateLimited);
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
/** the per-address auth counts the instances keep, by address (table rate_hits, keys `auth:<address>`) */
const authCounts = async (like: string) =>
  Object.fromEntries((await q(`select key, n from rate_hits where key like $1`, [`auth:${like}`])).map((r) => [r.key.slice(5), Number(r.n)]));

test(
  'through the documented nginx and balancer each borrower counts at their own address, never at one they write; no log keeps a query',
  { skip },
  async (t) => {
    const { NGINX, startNginx } = (await import('../../../platform/src/core/nginx.ts' as string)) as {
      NGINX?: string;
      startNginx(dir: string, config: string, port: number): Promise<() => Promise<void>>;
    };
    const { nginxConfig } = (await import('../../../platform/src/core/security-headers.ts' as string)) as { nginxConfig(o: object): string };
    if (!NGINX) return t.skip('nginx is not installed');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-chain-'));
    const [hostPort, ...remotePorts] = await Promise.all([0, 1, 2, 3, 4].map(freePort));
    const origins = { host: `http://127.0.0.1:${hostPort}`, remotes: remotePorts.map((p) => `http://127.0.0.1:${p}`), api: `http://127.0.0.1:${LB}` };
    // docs/deploy/nginx-front-ends.conf on this prefix and these ports, its /api going to this cluster's balancer
    const stop = await startNginx(dir, nginxConfig({ origins, root: dir, logDir: dir, staffOrigins: [], apiUpstream: `127.0.0.1:${LB}` }), hostPort);
    const viaNginx = { via: hostPort };
    try {
      // the attack: 36 borrowers from 36 addresses, one request each (a sealed GET naming their number)
      const borrowers = Array.from({ length: 36 }, (_, i) => `127.0.1.${i + 1}`);
      const answers = await Promise.all(borrowers.map((from) => call('existsByMobile', { mobile: newMobile() }, { from, ...viaNginx })));
      const refused = answers.filter((a) => a.code === E.rateLimited).length;
      assert.equal(refused, 0, `${refused} of 36 borrowers refused 400429 behind nginx`);
      assert.deepEqual(await authCounts('127.0.1.%'), Object.fromEntries(borrowers.map((b) => [b, 1])), 'each borrower counted once, at their own address');
      assert.equal(answers.filter((a) => a.code === 0).length, 36);
      assert.ok(new Set(answers.map((a) => a.servedBy)).size === 3, 'on all three instances');

      // an address written by the client counts for nothing, through nginx or straight to the balancer
      for (const [from, o, spoofed] of [
        ['127.0.2.1', viaNginx, '1.2.3.4'],
        ['127.0.2.2', {}, '1.2.3.5'],
      ] as const) {
        const headers = { 'X-Forwarded-For': spoofed };
        assert.equal(ok(await call('countryIp', {}, { from, headers, ...o }), 'countryIp').data.ip, from, 'the address the API sees');
        await call('existsByMobile', { mobile: newMobile() }, { from, headers, ...o });
        await call('existsByMobile', { mobile: newMobile() }, { from, headers: { 'X-Forwarded-For': `${spoofed}, 127.0.0.1` }, ...o });
      }
      assert.deepEqual(await authCounts('127.0.2.%'), { '127.0.2.1': 2, '127.0.2.2': 2 });
      assert.deepEqual(await authCounts('1.2.3.%'), {});

      // straight to the balancer, as before: 36 of 36
      const direct = Array.from({ length: 36 }, (_, i) => `127.0.3.${i + 1}`);
      const directAnswers = await Promise.all(direct.map((from) => call('existsByMobile', { mobile: newMobile() }, { from })));
      assert.equal(directAnswers.filter((a) => a.code === E.rateLimited).length, 0);
      assert.deepEqual(await authCounts('127.0.3.%'), Object.fromEntries(direct.map((b) => [b, 1])));
    } finally {
      await stop();
    }
    // the logs: each line there, the client named, no query string
    const nginxLog = fs.readFileSync(path.join(dir, 'loanmarket.access.log'), 'utf8');
    const nginxOther = ['access.log', 'error.log'].map((f) => (fs.existsSync(path.join(dir, f)) ? fs.readFileSync(path.join(dir, f), 'utf8') : '')).join('');
    fs.rmSync(dir, { recursive: true, force: true });
    await sleep(300); // the last lines reach the pipes
    assert.match(nginxLog, /^127\.0\.1\.7 .*"GET \/api\/\S+ HTTP\/1\.1" 200 /m);
    assert.match(logs.balancer, /^"127\.0\.1\.7" 127\.0\.0\.1 .* "GET" "\/api\//m, 'the balancer names the client behind nginx');
    assert.match(logs.api, /"call":"existsByMobile"/);
    const kept = Object.entries({ nginx: nginxLog + nginxOther, balancer: logs.balancer, api: logs.api }).flatMap(([log, text]) =>
      queries.filter((x) => text.includes(x.sealed) || text.includes(encodeURIComponent(x.sealed)) || text.includes(`${x.field}=`)).map(() => log),
    );
    assert.deepEqual([...new Set(kept)], [], `sealed queries in these logs (of ${queries.length} sent)`);
  },
);

test('jobs on all three instances over many ticks and orders: each decision, payout, accrual and deletion once', { skip, timeout: 180_000 }, async () => {
  const orders: { token: string; orderNo: string; reject: boolean }[] = [];
  for (let i = 0; i < 9; i++) {
    const token = await newUser();
    orders.push({ token, orderNo: await onboardAndApply(token, i % 3 === 0), reject: i % 3 === 0 });
  }
  const nos = orders.map((o) => o.orderNo);
  await until(
    'every review decision',
    async () => (await q(`select count(*)::int n from orders where order_no = any($1) and decided_at is not null`, [nos]))[0].n === nos.length,
  );
  const approved = orders.filter((o) => !o.reject);
  for (const o of approved) ok(await call('getMoney', { orderNo: o.orderNo, agree: true, idempotencyKey: `gm-${o.orderNo}` }, { token: o.token }), 'getMoney');
  const paidNos = approved.map((o) => o.orderNo);
  await until(
    'every payout',
    async () => (await q(`select count(*)::int n from orders where order_no = any($1) and status = $2`, [paidNos, S.Repaying]))[0].n === paidNos.length,
  );
  await sleep(1500); // more ticks on every instance

  const decisions = await eventsPerOrder('approved', nos);
  const rejections = await eventsPerOrder('rejected', nos);
  for (const o of orders) {
    assert.equal(decisions.get(o.orderNo)! + rejections.get(o.orderNo)!, 1, `one review decision for ${o.orderNo}`);
    assert.equal(rejections.get(o.orderNo), o.reject ? 1 : 0);
  }
  for (const [no, n] of await eventsPerOrder('disbursed', paidNos)) assert.equal(n, 1, `one payout for ${no}`);

  // due two Pakistan calendar days before today (2 days of penalty), then one more day: the exact figure each day, overdue once
  const twoDaysAgo = pkDayStart(Date.now()) - DAY - 3_600_000;
  // the ledger's due date moves with the order's (the disbursal journal holds it)
  const dueInLedger = `update journals j set due_at = o.due_at from orders o where j.order_id = o.id and j.kind = 'disbursal' and o.order_no = any($1)`;
  await q(`update orders set disbursed_at = disbursed_at - (due_at - $1::bigint), due_at = $1::bigint where order_no = any($2)`, [twoDaysAgo, paidNos]);
  await q(dueInLedger, [paidNos]);
  for (const days of [2, 3]) {
    if (days === 3) {
      await q(`update orders set due_at = due_at - $1::bigint, disbursed_at = disbursed_at - $1::bigint where order_no = any($2)`, [DAY, paidNos]);
      await q(dueInLedger, [paidNos]);
    }
    await until(`penalty of ${days} days`, async () => {
      const rows = (await q(
        `select o.*, coalesce((select sum(p.amount) from postings p where p.order_id = o.id and p.account = 'penalty'), 0)::int as posted from orders o where order_no = any($1)`,
        [paidNos],
      )) as (OrderRow & { posted: number })[];
      return rows.every((r) => {
        const overdue = overdueDaysAt(Number(r.due_at), Date.now());
        const expected = penaltyThrough(termsOf(r), r.amount, { carried: 0, settled: 0, days: 0, principalOutstanding: r.amount }, overdue);
        return r.status === S.Overdued && r.posted === expected && overdue === days;
      });
    });
    await sleep(1000);
  }
  for (const [no, n] of await eventsPerOrder('overdue', paidNos)) assert.equal(n, 1, `overdue once for ${no}`);

  // retention (RETENTION_DAYS=0): each rejected applicant deleted once, photos gone from the shared store
  const rejectedUsers = (await q(`select user_id from orders where order_no = any($1)`, [orders.filter((o) => o.reject).map((o) => o.orderNo)])).map((r) =>
    Number(r.user_id),
  );
  await until(
    'retention',
    async () =>
      (await q(`select count(*)::int n from users where id = any($1) and data_deleted_at is not null`, [rejectedUsers]))[0].n === rejectedUsers.length,
  );
  await sleep(1500);
  const audits = await q(
    `select (detail->>'userId')::int id, count(*)::int n from audit_log where kind = 'retention.delete' and (detail->>'userId')::int = any($1) group by 1`,
    [rejectedUsers],
  );
  assert.equal(audits.length, rejectedUsers.length);
  for (const a of audits) assert.equal(a.n, 1, `retention once for user ${a.id}`);
  assert.equal((await q(`select count(*)::int n from blobs where user_id = any($1)`, [rejectedUsers]))[0].n, 0);
  assert.equal(served.size, 3, 'requests landed on all three instances');
});

test('the providers post their notices and delivery reports to the balancer: any instance takes them, each applied once', { skip }, async () => {
  assert.deepEqual(providerPaths, { railsNotice: RAILS_NOTICE_PATH, smsReport: SMS_REPORT_PATH }, "the stack's paths are the server's routes");
  await sleep(300); // the last lines reach the pipes
  /** the balancer's lines of POSTs to `route`: the instance that took each, and its status */
  const posts = (route: string) =>
    [...logs.balancer.matchAll(/^"127\.0\.0\.1" 127\.0\.0\.1 \[[^\]]+\] api instances\/(api\d) \S+ (\d{3}) .*"POST" "([^"]+)"$/gm)]
      .filter((m) => m[3] === route)
      .map((m) => ({ instance: m[1], status: Number(m[2]) }));
  const notices = posts(RAILS_NOTICE_PATH);
  const reports = posts(SMS_REPORT_PATH);
  assert.ok(notices.length >= 6, `the payouts' notices came through the balancer (${notices.length})`);
  assert.ok(reports.length >= 9, `the codes' delivery reports came through the balancer (${reports.length})`);
  assert.ok(
    [...notices, ...reports].every((p) => p.status === 200),
    'each taken',
  );
  assert.ok(new Set(notices.map((p) => p.instance)).size >= 2, 'on more than one instance: not only the one that started the transfer');
  // each payout succeeded once, and each text's report is stored
  const payouts = await q(
    `select order_id, count(*) filter (where state = 'succeeded')::int ok, count(*)::int n from transfers where kind = 'payout' group by 1`,
  );
  assert.ok(payouts.length >= 6);
  for (const p of payouts) assert.deepEqual([p.ok, p.n], [1, 1], `order ${p.order_id}: one payout, succeeded`);
  assert.deepEqual(await q(`select state, count(*)::int n from sms_messages where state <> 'delivered' group by 1`), [], 'every text reported delivered');
});

test('the journey through the balancer survives one instance killed with SIGKILL; nothing acknowledged is lost', { skip, timeout: 180_000 }, async () => {
  const token = await newUser();
  ok(await call('saveBasicInfo', BASIC, { token }), 'basic');
  // a photo received by one instance is read (OCR, with the name check) by another
  const up = ok(await call('uploadOtherCardFront', {}, { token, file: await cardPhoto(CNIC_FRONT_LINES), type: 'image/png' }), 'front');
  let ocr = await call('curpOcr', { side: 'front' }, { token });
  while (ocr.servedBy === up.servedBy) ocr = await call('curpOcr', { side: 'front' }, { token });
  assert.notEqual(ocr.code, E.ocrFailed, `OCR on ${ocr.servedBy} of the photo received by ${up.servedBy}: ${JSON.stringify(ocr)}`);
  ok(ocr, 'ocr');

  const victim = cluster.nodes[1];
  const killedAt = new Date().toISOString();
  victim.process.kill('SIGKILL');
  await new Promise((r) => victim.process.once('exit', r));

  // the rest of the journey, through the balancer, while the dead instance is taken out
  ok(await call('uploadOtherCardBack', {}, { token, file: JPEG }), 'back');
  ok(await call('saveFaceImage', {}, { token, file: FACE }), 'face');
  ok(await call('finishUploadAllImg', { agree: true }, { token }), 'finish');
  ok(await call('saveAdditionInfo', ADDITION, { token }), 'addition');
  ok(await call('addBankCard', { ...CARD, accountCode: await accountCode(token) }, { token }), 'card');
  ok(await call('saveQuestionnaire', { answers: ANSWERS }, { token }), 'questionnaire');
  const orderNo = ok(await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token }), 'apply').data.order.orderNo as string;
  await until('approval', async () => (await call('latestOrder', {}, { token })).data.order?.status === S.Confirm);
  ok(await call('getMoney', { orderNo, agree: true, idempotencyKey: `gm-${orderNo}` }, { token }), 'getMoney');
  await until('payout', async () => (await call('latestOrder', {}, { token })).data.order?.status === S.Repaying);
  const det = ok(await call('repaymentDetail', { orderNo }, { token }), 'detail');
  const pay = ok(await call('repaymentConfirm', { orderNo, amount: det.data.amountDue, idempotencyKey: 'cluster-journey-1' }, { token }), 'repay');
  const done = ok(await call('cashierPay', { payOrderId: pay.data.payment.payOrderId, channelId: 'easypaisa' }, { token }), 'pay');
  assert.equal(done.data.order.status, S.Finish);

  // everything acknowledged is there, read through the surviving instances
  const info = ok(await call('getUserInfo', {}, { token }), 'info');
  assert.equal(info.data.nextStep, null);
  const docs = await q(
    `select d.kind, b.key is not null stored from documents d join users u on u.id = d.user_id left join blobs b on b.key = d.storage_key where u.id = (select user_id from orders where order_no = $1)`,
    [orderNo],
  );
  assert.deepEqual(docs.map((d) => d.kind).sort(), ['face', 'idBack', 'idFront'].sort(), JSON.stringify(docs));
  assert.ok(
    docs.every((d) => d.stored),
    'every acknowledged photo is in the shared store',
  );
  const paid = await q(
    `select status, (select -sum(p.amount) from postings p join journals j on j.id = p.journal_id where j.order_id = o.id and j.kind = 'payment' and p.account in ('principal', 'interest', 'penalty'))::int as paid from orders o where order_no = $1`,
    [orderNo],
  );
  assert.equal(paid[0].status, S.Finish);
  assert.equal(paid[0].paid, det.data.amountDue);
  const after = new Set<string>();
  for (let i = 0; i < 6; i++) after.add((await call('latestOrder', {}, { token })).servedBy);
  assert.ok(!after.has(victim.name) && after.size === 2, `after the kill of ${victim.name} at ${killedAt} only the others answer: ${[...after]}`);
});
