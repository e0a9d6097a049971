/**
 * Fault (b): one source opens 2,100 connections to the balancer that send their headers a byte at a
 * time and never finish, while health is probed through the balancer from another source; then 1,000
 * such connections straight to one instance (Node's own time-outs). Figures: probe answers (p50, max,
 * over 2 s, failed), how many slow connections the balancer and the instance closed, and when.
 *   node --import tsx tools/faults/slow-headers.mts [--root DIR] [--log FILE]
 */
import net from 'node:net';
import http from 'node:http';
import { cluster, options, pct, postgres, sleep, type Started } from './lib.mts';

const AT_BALANCER = 2100;
const AT_INSTANCE = 1000;
const HOLD_MS = 25_000;
const PROBE_EVERY_MS = 250;
const ATTACKER = '127.0.0.40';
const PROBER = '127.0.0.2';

/** opens `n` connections from ATTACKER that trickle header bytes; answers when each closed (ms) */
function slowClients(port: number, n: number) {
  const closedAt: number[] = [];
  const socks: net.Socket[] = [];
  const t0 = Date.now();
  for (let i = 0; i < n; i++) {
    const s = net.connect({ port, host: '127.0.0.1', localAddress: ATTACKER });
    s.on('error', () => undefined);
    s.on('close', () => closedAt.push(Date.now() - t0));
    s.on('connect', () => s.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
    socks.push(s);
  }
  const trickle = setInterval(() => {
    for (const s of socks) if (!s.destroyed && s.writable) s.write('X');
  }, 1000);
  return {
    closedAt,
    stop() {
      clearInterval(trickle);
      for (const s of socks) s.destroy();
    },
  };
}

function probe(url: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const r = http.get(url, { localAddress: PROBER, agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: Date.now() - t0, ok: res.statusCode === 200 }));
    });
    r.on('timeout', () => r.destroy());
    r.on('error', () => resolve({ ms: Date.now() - t0, ok: false }));
  });
}

async function attack(port: number, n: number, probeUrl: string) {
  const slow = slowClients(port, n);
  const probes: Promise<{ ms: number; ok: boolean }>[] = [];
  const until = Date.now() + HOLD_MS;
  await sleep(1000);
  while (Date.now() < until) {
    probes.push(probe(probeUrl));
    await sleep(PROBE_EVERY_MS);
  }
  const answers = await Promise.all(probes);
  const closed = [...slow.closedAt];
  slow.stop();
  const ms = answers.map((a) => a.ms);
  return {
    slowConnections: n,
    closedWithin: {
      seconds: HOLD_MS / 1000,
      count: closed.length,
      firstMs: closed.length ? Math.min(...closed) : null,
      p50Ms: closed.length ? pct(closed, 50) : null,
    },
    healthProbes: {
      count: answers.length,
      p50Ms: pct(ms, 50),
      maxMs: Math.max(...ms),
      over2s: ms.filter((x) => x >= 2000).length,
      failed: answers.filter((a) => !a.ok).length,
    },
  };
}

const o = options();
const db = postgres(o.pgPort);
let c: Started | undefined;
try {
  c = await cluster(o.root, o.lbPort, db.url, o.log, { JOB_INTERVAL_MS: '1000' });
  const balancer = await attack(o.lbPort, AT_BALANCER, `${c.url}/health`);
  await sleep(3000);
  const instance = await attack(c.nodes[0].port, AT_INSTANCE, `http://127.0.0.1:${c.nodes[0].port}/health`);
  console.log(JSON.stringify({ fault: 'slow-header connections', root: o.root, balancer, instance }, null, 1));
} finally {
  await c?.stop();
  db.stop();
}
