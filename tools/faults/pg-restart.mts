/**
 * Fault (a): PostgreSQL restarted twice (pg_ctl restart -m fast) under write load through the cluster.
 * Figures: instance exits (target 0), seconds from the database accepting connections again until every
 * instance answers a database call (target < 30), acknowledged writes lost (target 0; a write is a
 * saveConsent, whose rows are only ever added: lost = acknowledged - stored, per borrower).
 *   node --import tsx tools/faults/pg-restart.mts [--root DIR] [--log FILE]
 */
import pg from 'pg';
import { call, cluster, options, postgres, register, sleep, type Started } from './lib.mts';

const WRITERS = 8;
const LOAD_BEFORE_MS = 4000;
const READY_WAIT_MS = 60_000;

async function run(c: Started, dbUrl: string, restartDb: () => void) {
  const borrowers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => register(c.url, `127.0.0.${10 + i}`)));
  const version = (await call(c.url, 'consent', {}, { token: borrowers[0].token })).data.version as string;
  const acked = new Array<number>(WRITERS).fill(0);
  const tally = { ok: 0, noAnswer: 0, http5xx: 0, other: 0 };
  let running = true;
  const writers = borrowers.map(async ({ token }, i) => {
    while (running) {
      const a = await call(c.url, 'saveConsent', { version, permissions: ['storage', 'camera'] }, { token, from: `127.0.0.${10 + i}`, timeoutMs: 10_000 });
      if (a.code === 0) {
        acked[i]++;
        tally.ok++;
      } else if (a.status === 0) tally.noAnswer++;
      else if (a.status >= 500) tally.http5xx++;
      else tally.other++;
      if (a.code !== 0) await sleep(100);
    }
  });

  /** ms until every instance answers a database call directly (not through the balancer), or null */
  const allServing = async (): Promise<number | null> => {
    const t0 = Date.now();
    while (Date.now() - t0 < READY_WAIT_MS) {
      const answers = await Promise.all(
        c.nodes.map((n) => call(`http://127.0.0.1:${n.port}`, 'getUserInfo', {}, { token: borrowers[0].token, timeoutMs: 2000 })),
      );
      if (answers.every((a) => a.code === 0)) return Date.now() - t0;
      await sleep(250);
    }
    return null;
  };

  const recovery: (number | null)[] = [];
  for (let round = 0; round < 2; round++) {
    await sleep(LOAD_BEFORE_MS);
    restartDb(); // returns once PostgreSQL accepts connections again
    recovery.push(await allServing());
  }
  await sleep(LOAD_BEFORE_MS);
  running = false;
  await Promise.all(writers);

  const check = new pg.Client({ connectionString: dbUrl });
  await check.connect();
  let stored = 0;
  let lost = 0;
  for (let i = 0; i < WRITERS; i++) {
    const n = (await check.query('select count(*)::int as n from consents where user_id = $1', [borrowers[i].userId])).rows[0].n as number;
    stored += n;
    lost += Math.max(0, acked[i] - n);
  }
  await check.end();
  return {
    instanceExits: c.exitCount(),
    secondsUntilAllServing: recovery.map((ms) => (ms === null ? `none within ${READY_WAIT_MS / 1000}` : +(ms / 1000).toFixed(1))),
    writes: { acknowledged: tally.ok, stored, lost, answered5xx: tally.http5xx, noAnswer: tally.noAnswer, otherRefusals: tally.other },
  };
}

const o = options();
const db = postgres(o.pgPort);
let c: Started | undefined;
try {
  c = await cluster(o.root, o.lbPort, db.url, o.log, { JOB_INTERVAL_MS: '1000' });
  console.log(JSON.stringify({ fault: 'PostgreSQL restarted twice under write load', root: o.root, ...(await run(c, db.url, db.restart)) }, null, 1));
} finally {
  await c?.stop();
  db.stop();
}
