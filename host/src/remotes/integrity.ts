/**
 * The host runs only what a remote's squad signed (platform/src/core/signing.ts): before a release's manifest is used,
 * its folder's release-signature.json is checked with the squad's public key built into the host (RELEASE_KEYS: remote
 * -> key, squads.json's in a deployment's build, the development keys in any other), and the manifest's own bytes with
 * the integrity signed for them; each script and stylesheet the runtime then creates from that folder carries its signed
 * integrity (the browser refuses it if the bytes differ), and the remote's own chunk loads carry theirs from its
 * verified entry (rspack's SubresourceIntegrityPlugin in its build). A release that fails any of it fails to load: the
 * loader falls back to the last good one and reports it (registry.ts).
 */
import type { RemoteName } from 'shared';

const KEYS = JSON.parse(process.env.RELEASE_KEYS || '{}') as Partial<Record<RemoteName, string>>;
const SIGNATURE_FILE = 'release-signature.json';
/** a well-formed sha384 integrity no script of a release has (that of an empty file): a file its squad did not sign never runs */
const UNSIGNED = 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb';

/** manifest address -> the remote it is registered as */
const owners = new Map<string, RemoteName>();
/** release folder -> its files' signed integrity, once its signature checked */
const signedFiles = new Map<string, Record<string, string>>();

const folderOf = (url: string) => new URL('.', url).href;
const b64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** `entry` (a release's manifest) is `remote`'s: only its squad's signature is accepted for it. */
export function expectRemote(remote: RemoteName, entry: string): void {
  owners.set(new URL(entry, location.href).href, remote);
}

export class UnsignedReleaseError extends Error {
  override name = 'UnsignedReleaseError';
}

/**
 * Whether this page can check a signature: WebCrypto (crypto.subtle) exists only in a secure context (https, localhost).
 * A development or QA build opened over plain http on a LAN name (a QA phone on the office network) cannot: it runs the
 * release unverified (the signed integrity still given to its files) with a warning and a report, rather than no remote
 * at all. A deployment's build (DEPLOYMENT=1: served over https only) never does: there, no WebCrypto fails the check.
 */
function canVerify(remote: RemoteName, folder: string): boolean {
  if (globalThis.crypto?.subtle) return true;
  if (process.env.DEPLOYMENT === '1') throw new UnsignedReleaseError(`${remote} ${folder}: this page cannot check signatures (not https)`);
  console.warn(`${remote} ${folder}: not a secure context (plain http), so its signature is not checked; open the app over https or localhost`);
  // the MF runtime loads this module before the shared modules exist ('shared' is one): fetched when it is needed
  void import('shared').then(({ logEvent }) => logEvent('remoteUnverified', { remote, folder }));
  return false;
}

async function checkSignature(remote: RemoteName, manifestUrl: string): Promise<Record<string, string>> {
  const folder = folderOf(manifestUrl);
  const known = signedFiles.get(folder);
  if (known) return known;
  const key = KEYS[remote];
  if (!key) throw new UnsignedReleaseError(`${remote}: this host has no release key for it`);
  const res = await fetch(new URL(SIGNATURE_FILE, folder));
  if (!res.ok) throw new UnsignedReleaseError(`${remote} ${folder}: not signed (${SIGNATURE_FILE}: HTTP ${res.status})`);
  const { payload, signature } = (await res.json()) as { payload: string; signature: string };
  if (!canVerify(remote, folder)) return signedBy(remote, folder, JSON.parse(payload) as SignedManifest);
  // ECDSA P-256 / SHA-256: in WebCrypto on every WebView a borrower may have (Ed25519 only from Chromium 137)
  const publicKey = await crypto.subtle.importKey('spki', unb64(key), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, unb64(signature), new TextEncoder().encode(payload));
  if (!ok) throw new UnsignedReleaseError(`${remote} ${folder}: not signed by its squad`);
  return signedBy(remote, folder, JSON.parse(payload) as SignedManifest);
}

/** what a signature covers (platform/src/core/signing.ts) */
interface SignedManifest {
  remote: string;
  files: Record<string, string>;
}

/** `manifest`'s files by address, kept as `folder`'s signed files; thrown when it is another remote's. */
function signedBy(remote: RemoteName, folder: string, manifest: SignedManifest): Record<string, string> {
  if (manifest.remote !== remote) throw new UnsignedReleaseError(`${remote} ${folder}: not signed by its squad`);
  const files = Object.fromEntries(Object.entries(manifest.files).map(([file, integrity]) => [new URL(file, folder).href, integrity]));
  signedFiles.set(folder, files);
  return files;
}

/**
 * `res`, the answer for `url`, as the runtime may use it: a registered remote's manifest only once its release's signature
 * and its own bytes check out (thrown otherwise); anything else as it is.
 */
export async function checkedManifest(url: string, res: Response): Promise<Response> {
  const remote = owners.get(new URL(url, location.href).href);
  if (!remote || !res.ok) return res;
  const files = await checkSignature(remote, res.url || url);
  // unverified (canVerify): no digest to check it by either
  if (!globalThis.crypto?.subtle) return res;
  const bytes = await res.arrayBuffer();
  const integrity = `sha384-${b64(await crypto.subtle.digest('SHA-384', bytes))}`;
  if (files[new URL(url, location.href).href] !== integrity) throw new UnsignedReleaseError(`${remote} ${url}: not the manifest its squad signed`);
  return new Response(bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** The integrity a script or stylesheet at `url` must have: its signed one in a checked release folder; none for the host's own files. */
export function integrityOf(url: string): string | undefined {
  const href = new URL(url, location.href).href;
  const files = signedFiles.get(folderOf(href));
  if (files) return files[href] ?? UNSIGNED;
  // a folder of a registered remote's release whose signature was not checked (never here: its manifest comes first)
  return [...owners.keys()].some((entry) => folderOf(entry) === folderOf(href)) ? UNSIGNED : undefined;
}
