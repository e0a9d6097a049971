/**
 * Fault (c): one borrower sends 1,000 calls at once to one instance while another borrower's calls on
 * that instance are timed. Figures: the other borrower's call time idle and during the burst (p50, max),
 * and how the 1,000 were answered.
 *   node --import tsx tools/faults/greedy-borrower.mts [--root DIR] [--log FILE]
 */
import { call, cluster, options, pct, postgres, register, sleep, type Started } from './lib.mts';

const BURST = 1000;

async function run(c: Started) {
  const inst = `http://127.0.0.1:${c.nodes[0].port}`;
  const greedy = await register(inst, '127.0.0.30');
  const other = await register(inst, '127.0.0.31');
  const version = (await call(inst, 'consent', {}, { token: greedy.token })).data.version as string;
  const timeOther = () => call(inst, 'getUserInfo', {}, { token: other.token, from: '127.0.0.31', timeoutMs: 60_000 });

  const idle: number[] = [];
  for (let i = 0; i < 20; i++) idle.push((await timeOther()).ms);

  const t0 = Date.now();
  let done = false;
  const burst = Promise.all(
    Array.from({ length: BURST }, () =>
      call(inst, 'saveConsent', { version, permissions: ['storage', 'camera'] }, { token: greedy.token, from: '127.0.0.30', timeoutMs: 60_000 }),
    ),
  ).finally(() => (done = true));
  const during: { ms: number; code: number }[] = [];
  await sleep(100);
  while (!done) {
    const a = await timeOther();
    during.push({ ms: a.ms, code: a.code });
    await sleep(50);
  }
  const answers = await burst;
  const codes: Record<string, number> = {};
  for (const a of answers) codes[a.code] = (codes[a.code] ?? 0) + 1;
  const ms = during.map((d) => d.ms);
  return {
    otherBorrowerMs: {
      idle: { p50: pct(idle, 50), max: Math.max(...idle) },
      duringBurst: { calls: during.length, p50: pct(ms, 50), max: Math.max(...ms), failed: during.filter((d) => d.code !== 0).length },
    },
    burst: { calls: BURST, seconds: +((Date.now() - t0) / 1000).toFixed(1), answeredByCode: codes },
  };
}

const o = options();
const db = postgres(o.pgPort);
let c: Started | undefined;
try {
  c = await cluster(o.root, o.lbPort, db.url, o.log, { JOB_INTERVAL_MS: '1000' });
  console.log(JSON.stringify({ fault: `one borrower sends ${BURST} calls at once to one instance`, root: o.root, ...(await run(c)) }, null, 1));
} finally {
  await c?.stop();
  db.stop();
}
