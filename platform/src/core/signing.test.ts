/** Release keys: which a host trusts, and signatures a phone's WebCrypto checks (the `release` stage of scripts/test.mjs). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devKeysTrusted, publicKeyOf, remoteKeys, SIGNATURE_FILE, signBuild, signingKey, type KeyRing } from './signing';

const p256 = () => crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

test("a deployment's host build is refused while a squad owning one of its remotes has no key, naming each", () => {
  const ring: KeyRing = {
    loan: { remotes: ['mf_loan'], publicKey: publicKeyOf(p256()) },
    repay: { remotes: ['mf_repay'], publicKey: null },
    usercenter: { remotes: ['mf_usercenter'], publicKey: null },
    operations: { remotes: ['mf_operations'], publicKey: null },
  };
  assert.throws(
    () => remoteKeys(ring, ['mf_loan', 'mf_repay', 'mf_usercenter', 'mf_other']),
    (e: Error) =>
      e.message ===
      `a deployment's host trusts squads.json's release keys only, and these have none: repay (mf_repay), usercenter (mf_usercenter), no squad (mf_other); each squad commits its public key there (docs/squad-guide.md, "Your release key")`,
  );
  // the staff console's squad is no remote of the host's: its missing key refuses nothing here
  assert.deepEqual(remoteKeys(ring, ['mf_loan']), { mf_loan: ring.loan.publicKey });
});

test('development keys are trusted anywhere but a deployment (DEPLOYMENT=1), whatever NODE_ENV', (t) => {
  const env = { NODE_ENV: process.env.NODE_ENV, DEPLOYMENT: process.env.DEPLOYMENT, NATIVE_SIM: process.env.NATIVE_SIM };
  t.after(() => Object.entries(env).forEach(([k, v]) => (v === undefined ? delete process.env[k] : (process.env[k] = v))));
  Object.assign(process.env, { NODE_ENV: 'production', NATIVE_SIM: '' });
  delete process.env.DEPLOYMENT;
  assert.equal(devKeysTrusted(), true, "a borrower's production build on this machine (the README's start, the test command)");
  process.env.DEPLOYMENT = '1';
  assert.equal(devKeysTrusted(), false);
  assert.throws(
    () => signingKey('mf_repay', ''),
    /a deployment's release of mf_repay is signed with the repay squad's key: pass --key FILE or set RELEASE_KEY/,
  );
});

test("a signature is ECDSA P-256 / SHA-256 that WebCrypto verifies as a phone's host does; a key of another kind is refused by name", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-signing-'));
  fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ version: '1.2.3' }));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'console.log(1)');
  const key = p256();
  const { payload, signature } = signBuild(dir, 'mf_repay', key);
  assert.deepEqual(Object.keys(JSON.parse(payload).files).sort(), ['release.json', 'remoteEntry.js']);
  // as host/src/remotes/integrity.ts does it
  const { subtle } = crypto.webcrypto;
  const publicKey = await subtle.importKey('spki', Buffer.from(publicKeyOf(key), 'base64'), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const check = (text: string) =>
    subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, Buffer.from(signature, 'base64'), new TextEncoder().encode(text));
  assert.equal(await check(payload), true);
  assert.equal(await check(payload.replace('mf_repay', 'mf_loan')), false);

  const ed25519 = crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  assert.throws(() => signBuild(dir, 'mf_repay', ed25519), /the key signing mf_repay is not an ECDSA P-256 key/);
  assert.ok(!fs.existsSync(path.join(dir, SIGNATURE_FILE)));
  fs.rmSync(dir, { recursive: true, force: true });
});
