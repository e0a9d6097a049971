/**
 * Who may release what: each squad signs its remote's builds with its own ECDSA P-256 key (SHA-256; WebCrypto verifies it
 * in every WebView for years, Ed25519 only from Chromium 137), the registry (release.ts) refuses
 * a build not signed by the key of the squad that owns the remote, and the host checks the signature and every file's
 * integrity before it runs a release (host/src/remotes/integrity.ts).
 *
 * squads.json (committed, reviewed like code): squad -> the remotes it owns and the public half of its production key.
 * A deployment (DEPLOYMENT=1: the host's build and the release command for borrowers, docs/releasing.md) trusts those
 * only, and its host build refuses to be made while a squad has none. Anywhere else (development, QA, the local stack,
 * the test command) the development keys are trusted instead: one per squad, made on first use in RELEASE_KEYS_DIR
 * (default .release-keys/, git-ignored), never committed.
 *
 * A signed build carries release-signature.json: `payload`, the JSON text of { remote, version, files } (every file a
 * phone may load, by path, with its sha384 integrity as a script tag's `integrity` takes it), and `signature`, the
 * squad key's ECDSA P-256 / SHA-256 signature of that text (base64 of r||s, as WebCrypto gives and takes it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentFiles, SIGNATURE_FILE } from './store';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SQUADS_FILE = path.join(root, 'squads.json');
export { SIGNATURE_FILE };
const devKeysDir = () => path.resolve(root, process.env.RELEASE_KEYS_DIR ?? '.release-keys');

/** squad -> the public key its signatures are checked with (base64 of its DER SubjectPublicKeyInfo) and the remotes it owns */
export type KeyRing = Record<string, { remotes: string[]; publicKey: string | null }>;

/** What a signature covers. */
export interface SignedManifest {
  remote: string;
  version: string;
  /** path in the build -> `sha384-<base64>` */
  files: Record<string, string>;
}
export interface SignatureFile {
  payload: string;
  signature: string;
}

/** Whether development keys are trusted: anywhere but a deployment's build or release (DEPLOYMENT=1), whatever NODE_ENV. */
export const devKeysTrusted = () => process.env.DEPLOYMENT !== '1';

/** how a signature is made and checked, in node:crypto's terms (host/src/remotes/integrity.ts: WebCrypto's) */
const HASH = 'sha256';
const DSA_ENCODING = 'ieee-p1363';

/** `pem` as a private signing key; `from` names where it came from, should it not be a P-256 one */
function signingPrivateKey(pem: string, from: string): crypto.KeyObject {
  const key = crypto.createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error(`${from} is not an ECDSA P-256 key (docs/squad-guide.md, "Your release key")`);
  return key;
}

const readSquads = (): KeyRing => {
  const { $comment: _doc, ...squads } = JSON.parse(fs.readFileSync(SQUADS_FILE, 'utf8')) as KeyRing & { $comment?: unknown };
  return squads;
};

/** The development key pair of `squad` (private key PEM, public key base64), made when missing (owner-only file). */
export function devKey(squad: string): { privateKey: string; publicKey: string } {
  const file = path.join(devKeysDir(), `${squad}.key`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    // wx: two processes making it at once keep the first one's
    try {
      fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const privateKey = fs.readFileSync(file, 'utf8');
  signingPrivateKey(privateKey, `${file} (delete it: a new one is made)`);
  return { privateKey, publicKey: publicKeyOf(privateKey) };
}

/** the public half of a private key (PEM), as squads.json holds it */
export function publicKeyOf(privateKeyPem: string): string {
  return crypto.createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' }).toString('base64');
}

/**
 * The private key (PEM) `remote` is signed with here: the file `keyFile` (a release's --key) or RELEASE_KEY names, else,
 * where development keys are trusted, its squad's development key.
 */
export function signingKey(remote: string, keyFile = process.env.RELEASE_KEY): string {
  if (keyFile) return fs.readFileSync(keyFile, 'utf8');
  const squad = squadOf(readSquads(), remote);
  if (!squad) throw new Error(`no squad owns ${remote} in squads.json`);
  if (!devKeysTrusted()) throw new Error(`a deployment's release of ${remote} is signed with the ${squad} squad's key: pass --key FILE or set RELEASE_KEY`);
  return devKey(squad).privateKey;
}

/** The squads and the keys trusted here: the development keys (made when missing) where devKeysTrusted(), else squads.json's. */
export function keyRing(dev = devKeysTrusted()): KeyRing {
  const squads = readSquads();
  if (!dev) return squads;
  return Object.fromEntries(Object.entries(squads).map(([squad, s]) => [squad, { ...s, publicKey: devKey(squad).publicKey }]));
}

/** The squad owning `remote`, or undefined. */
export const squadOf = (ring: KeyRing, remote: string) => Object.keys(ring).find((squad) => ring[squad].remotes.includes(remote));

/**
 * remote -> its squad's public key, for the host's build (what phones check `remotes`' releases with). Throws, naming
 * them, when a squad has none (a deployment's squads.json): that host would run none of its remotes.
 */
export function remoteKeys(ring: KeyRing, remotes: readonly string[]): Record<string, string> {
  const keys = Object.fromEntries(remotes.map((remote) => [remote, ring[squadOf(ring, remote) ?? '']?.publicKey ?? null]));
  const missing = remotes.filter((remote) => !keys[remote]).map((remote) => `${squadOf(ring, remote) ?? 'no squad'} (${remote})`);
  if (missing.length)
    throw new Error(
      `a deployment's host trusts squads.json's release keys only, and these have none: ${missing.join(', ')}; each squad commits its public key there (docs/squad-guide.md, "Your release key")`,
    );
  return keys as Record<string, string>;
}

/** Every file of a build a phone may load (contentFiles: its compressed copies and the build report aside), by path, with its sha384 integrity. */
export function integrities(dir: string): Record<string, string> {
  return Object.fromEntries(
    contentFiles(dir).map((f) => [
      f.split(path.sep).join('/'),
      `sha384-${crypto
        .createHash('sha384')
        .update(fs.readFileSync(path.join(dir, f)))
        .digest('base64')}`,
    ]),
  );
}

/** The files the signature published in `versionDir` covers, by path, with their signed integrity (undefined: it has none). */
export function signedIntegrities(versionDir: string): Record<string, string> | undefined {
  const file = path.join(versionDir, SIGNATURE_FILE);
  if (!fs.existsSync(file)) return undefined;
  const { payload } = JSON.parse(fs.readFileSync(file, 'utf8')) as SignatureFile;
  return (JSON.parse(payload) as SignedManifest).files;
}

/** the version a build's release.json names ('' when it cannot be read: the release refuses that build for it) */
const versionOf = (dir: string): string => {
  try {
    return String((JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8')) as { version?: unknown }).version ?? '');
  } catch {
    return '';
  }
};

/** The signature file of the build in `dir` of `remote` (its version from its release.json), signed with `privateKeyPem`. */
export function signBuild(dir: string, remote: string, privateKeyPem: string): SignatureFile {
  const version = versionOf(dir);
  const payload = JSON.stringify({ remote, version, files: integrities(dir) } satisfies SignedManifest);
  const key = signingPrivateKey(privateKeyPem, `the key signing ${remote}`);
  const signature = crypto.sign(HASH, Buffer.from(payload), { key, dsaEncoding: DSA_ENCODING }).toString('base64');
  return { payload, signature };
}

const verifies = (publicKey: string, { payload, signature }: SignatureFile) => {
  try {
    const key = crypto.createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return crypto.verify(HASH, Buffer.from(payload), { key, dsaEncoding: DSA_ENCODING }, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
};

/**
 * Why the build in `dir` of `remote`, `version` may not be released with `signed` (undefined: it may): unsigned, signed by
 * a key other than its squad's (another squad's is named), or its files not the ones signed.
 */
export function signatureProblem(ring: KeyRing, dir: string, remote: string, version: string, signed: SignatureFile | undefined): string | undefined {
  const squad = squadOf(ring, remote);
  if (!squad) return `no squad owns ${remote} in squads.json: nobody may release it`;
  const key = ring[squad].publicKey;
  if (!key) return `the ${squad} squad has no release key in squads.json: it may not release ${remote} here (docs/squad-guide.md, "Your release key")`;
  if (!signed?.payload || !signed.signature) return `${remote} ${version} is not signed: a release is signed with the ${squad} squad's key`;
  if (!verifies(key, signed)) {
    const other = Object.keys(ring).find((s) => s !== squad && ring[s].publicKey && verifies(ring[s].publicKey!, signed));
    return other
      ? `${remote} ${version} is signed with the ${other} squad's key; only the ${squad} squad may release ${remote}`
      : `${remote} ${version} is not signed with the ${squad} squad's key: only the ${squad} squad may release ${remote}`;
  }
  const manifest = JSON.parse(signed.payload) as SignedManifest;
  if (manifest.remote !== remote || manifest.version !== version)
    return `the signature is for ${manifest.remote} ${manifest.version}, not ${remote} ${version}`;
  const actual = integrities(dir);
  const changed = [...new Set([...Object.keys(actual), ...Object.keys(manifest.files)])].filter((f) => actual[f] !== manifest.files[f]).sort();
  if (changed.length) return `${remote} ${version}'s files are not the ones signed (${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', …' : ''})`;
  return undefined;
}
