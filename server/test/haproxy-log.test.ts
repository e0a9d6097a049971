/**
 * The balancer's access log (platform/src/stack/cluster.ts's HAProxy config) names the path, never the query
 * string where the sealed params travel (issue 25 item 9). Skipped without HAProxy.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';

const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

test('HAProxy logs the path of a sealed request without its query', { skip: HAPROXY ? false : 'haproxy not installed' }, async () => {
  const { haproxyConfig } = (await import('../../platform/src/stack/cluster.ts' as string)) as { haproxyConfig(lb: number, ports: number[]): string };
  const backend = http.createServer((_req, res) => res.end('{"ok":true}'));
  await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
  const lbPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyConfig(lbPort, [(backend.address() as net.AddressInfo).port]));
  const lb = spawn(HAPROXY!, ['-W', '-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  lb.stdout!.on('data', (d) => (out += d));
  lb.stderr!.on('data', (d) => (out += d));
  try {
    const sealed = 'Zx9' + 'q'.repeat(60);
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = await fetch(`http://127.0.0.1:${lbPort}/api/SEALEDPATH?abcdef1=${sealed}`).then(
        (r) => r.status,
        () => 0,
      );
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(status, 200);
    for (let i = 0; i < 50 && !out.includes('/api/SEALEDPATH'); i++) await new Promise((r) => setTimeout(r, 100));
    assert.match(out, /"GET" "\/api\/SEALEDPATH"/, out);
    assert.ok(!out.includes(sealed) && !out.includes('abcdef1='), `the query is in the balancer's log:\n${out}`);
  } finally {
    lb.kill();
    backend.close();
  }
});
