/**
 * Who may release what: each squad signs its remote's builds with its own Ed25519 key, the registry (release.ts) refuses
 * a build not signed by the key of the squad that owns the remote, and the host checks the signature and every file's
 * integrity before it runs a release (host/src/remotes/integrity.ts).
 *
 * squads.json (committed, reviewed like code): squad -> the remotes it owns and the public half of its production key.
 * Development and QA (anything but a production build or release without NATIVE_SIM=1: build/native-sim.ts) trust the
 * development keys instead: one per squad, made on first use in RELEASE_KEYS_DIR (default .release-keys/, git-ignored),
 * never committed.
 *
 * A signed build carries release-signature.json: `payload`, the JSON text of { remote, version, files } (every file a
 * phone may load, by path, with its sha384 integrity as a script tag's `integrity` takes it), and `signature`, the
 * squad key's Ed25519 signature of that text (base64).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOT_HASHED } from './store';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SQUADS_FILE = path.join(root, 'squads.json');
export const SIGNATURE_FILE = 'release-signature.json';
const devKeysDir = () => path.resolve(root, process.env.RELEASE_KEYS_DIR ?? '.release-keys');

/** the DER prefix of an Ed25519 SubjectPublicKeyInfo: what precedes the raw 32-byte key */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** squad -> the public key its signatures are checked with (base64, raw 32 bytes) and the remotes it owns */
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

/** Whether development keys are trusted: development and QA (NATIVE_SIM=1) builds and tooling, never a borrower's production build or release (as build/native-sim.ts withNativeSim). */
export const devKeysTrusted = () => process.env.NODE_ENV !== 'production' || process.env.NATIVE_SIM === '1';

const readSquads = (): KeyRing => {
  const { $comment: _doc, ...squads } = JSON.parse(fs.readFileSync(SQUADS_FILE, 'utf8')) as KeyRing & { $comment?: unknown };
  return squads;
};

/** The development key pair of `squad` (private key PEM, public key base64), made when missing (owner-only file). */
export function devKey(squad: string): { privateKey: string; publicKey: string } {
  const file = path.join(devKeysDir(), `${squad}.key`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = crypto.generateKeyPairSync('ed25519');
    // wx: two processes making it at once keep the first one's
    try {
      fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const privateKey = fs.readFileSync(file, 'utf8');
  return { privateKey, publicKey: publicKeyOf(privateKey) };
}

/** the public half of a private key (PEM), as squads.json holds it */
export function publicKeyOf(privateKeyPem: string): string {
  const der = crypto.createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' });
  return der.subarray(SPKI_PREFIX.length).toString('base64');
}

/**
 * The private key (PEM) `remote` is signed with here: the file `keyFile` (a release's --key) or RELEASE_KEY names, else,
 * where development keys are trusted, its squad's development key.
 */
export function signingKey(remote: string, keyFile = process.env.RELEASE_KEY): string {
  if (keyFile) return fs.readFileSync(keyFile, 'utf8');
  const squad = squadOf(readSquads(), remote);
  if (!squad) throw new Error(`no squad owns ${remote} in squads.json`);
  if (!devKeysTrusted()) throw new Error(`a production release of ${remote} is signed with the ${squad} squad's key: pass --key FILE or set RELEASE_KEY`);
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

/** remote -> its squad's public key, for the host's build (what phones check releases with); a squad without a key: none */
export const remoteKeys = (ring: KeyRing) =>
  Object.fromEntries(Object.values(ring).flatMap((s) => (s.publicKey ? s.remotes.map((r) => [r, s.publicKey!] as const) : [])));

/** Every file of a build a phone may load (its compressed copies and the build report aside), by path, with its sha384 integrity. */
export function integrities(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string): void =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .forEach((e) => {
        const p = path.join(d, e.name);
        if (e.isDirectory()) return walk(p);
        if (/\.(br|gz)$/.test(e.name) || (d === dir && (NOT_HASHED.test(e.name) || e.name === SIGNATURE_FILE))) return;
        files[path.relative(dir, p).split(path.sep).join('/')] = `sha384-${crypto.createHash('sha384').update(fs.readFileSync(p)).digest('base64')}`;
      });
  walk(dir);
  return files;
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
  const signature = crypto.sign(null, Buffer.from(payload), crypto.createPrivateKey(privateKeyPem)).toString('base64');
  return { payload, signature };
}

const verifies = (publicKey: string, { payload, signature }: SignatureFile) => {
  try {
    const key = crypto.createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(publicKey, 'base64')]), format: 'der', type: 'spki' });
    return crypto.verify(null, Buffer.from(payload), key, Buffer.from(signature, 'base64'));
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
