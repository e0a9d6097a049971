/** The SMS gateway (SMS_URL, providers/otpDelivery.ts) played by the rails sandbox: a real code reaches the number's inbox and signs it up; a gateway refusing the key sends nothing. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '../sandbox/sandbox';
import { newMobile, startTest } from './helpers';

async function withGateway(apiKey: string, run: (srv: Awaited<ReturnType<typeof startTest>>, inbox: (to: string) => Promise<any[]>) => Promise<void>) {
  const sandbox = await startSandbox({
    port: 0,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'lm-sms-')),
    config: { smsKey: 'gateway-key-0123456789abcdef' },
  });
  const srv = await startTest({ railsUrl: sandbox.url, smsUrl: sandbox.url, smsApiKey: apiKey, otpFixedCode: null });
  try {
    await run(srv, async (to) => (await fetch(`${sandbox.url}/__sandbox/sms?to=${to}`)).json());
  } finally {
    await srv.close();
    await sandbox.close();
  }
}

test("a code goes to the gateway, never a fixed one: the number's inbox has it and it signs the borrower up", async () => {
  await withGateway('gateway-key-0123456789abcdef', async (srv, inbox) => {
    const mobile = newMobile();
    assert.equal((await srv.client('getVerifyCode', { mobile, type: 'register' })).code, 0);
    const [m] = await inbox(mobile);
    assert.equal(m.purpose, 'register');
    assert.equal(m.channel, 'sms');
    assert.match(m.code, /^\d{6}$/);
    const r = await srv.client('register', { mobile, code: m.code });
    assert.equal(r.code, 0, JSON.stringify(r));
    assert.ok(r.data.token);
  });
});

test('a gateway that refuses the key: the request fails and nothing is delivered', async () => {
  await withGateway('a-wrong-key-0123456789abcdef', async (srv, inbox) => {
    const mobile = newMobile();
    const a = await srv.client('getVerifyCode', { mobile, type: 'register' });
    assert.notEqual(a.code, 0);
    assert.deepEqual(await inbox(mobile), []);
  });
});
