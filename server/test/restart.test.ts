import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTest, makeClient, register, FIXED, resetPostgres, serverDataDir } from './helpers';
import C from '../src/api/contract';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** every server spawned here, killed when the file ends however its tests ended (a failed one's child kept the file open) */
const spawned: ChildProcess[] = [];
after(() => spawned.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

async function spawnServer(root: string, port: number): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: await serverDataDir(root),
      UPLOAD_DIR: path.join(root, 'up'),
      OTP_FIXED_CODE: FIXED,
      SMS_PROVIDER: 'log', // no gateway beside a spawned server (the SMS tests are notices.test's)
      DEV_CONTROLS: '1',
      JOB_INTERVAL_MS: '0',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_MAX: '0',
      OTP_CHALLENGE_AFTER: '0',
      OCR_ENABLED: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes('server listening')) resolve({ child, base: `http://127.0.0.1:${port}` });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out.slice(-500)}`)));
  });
}

// time-outs: a server started from source (tsx, PGlite, migrations) took over a minute on a loaded 2-core machine
test('kill -9 then restart: no acknowledged write is lost; a second server on the same directory is refused', { timeout: 180_000 }, async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-restart-'));
  if (process.env.DATABASE_URL) await resetPostgres(process.env.DATABASE_URL);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const a = await spawnServer(root, port);
  const call = makeClient(a.base);
  const users = [];
  for (let i = 0; i < 5; i++) users.push(await register(call));
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: users[0].token });
  assert.equal(ap.code, 0);
  if (!process.env.DATABASE_URL) {
    await assert.rejects(startTest({}, {}, root), /in use/);
  }
  a.child.kill('SIGKILL');
  await new Promise((r) => a.child.once('exit', r));
  const b = await spawnServer(root, port + 1);
  try {
    const call2 = makeClient(b.base);
    for (const u of users) assert.equal((await call2('getUserInfo', {}, { token: u.token })).code, 0);
    const l = await call2('latestOrder', {}, { token: users[0].token });
    assert.equal(l.code, 0, JSON.stringify(l));
    assert.equal(l.data.order.orderNo, ap.data.order.orderNo);
  } finally {
    b.child.kill('SIGTERM');
    await new Promise((r) => b.child.once('exit', r));
  }
  void C;
});

test('port busy: a clear message and exit 1', { timeout: 180_000 }, async () => {
  const srv = await startTest();
  try {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-busy-'));
    const port = new URL(srv.base).port;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'test', PORT: port, DATA_DIR: await serverDataDir(root), OCR_ENABLED: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    const code = await new Promise((r) => child.once('exit', r));
    assert.equal(code, 1);
    assert.match(err, /already in use/);
  } finally {
    await srv.close();
  }
});
