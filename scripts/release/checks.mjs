/**
 * Whether a remote's build fits what it will meet once live: the host's `shared` (same major
 * version, or the host's copy would not be used and the remote would run on its own), and
 * the running API's catalogue (every call the remote makes must be answered there).
 * Each check returns the reasons to refuse, empty when the build fits.
 */
const major = (v) => Number(String(v).split('.')[0]);

/** `manifest`: the remote's mf-manifest.json; `hostManifest`: the host's. */
export function sharedProblems(manifest, hostManifest) {
  const mine = manifest.shared.find((s) => s.name === 'shared')?.version;
  const host = hostManifest.shared.find((s) => s.name === 'shared')?.version;
  if (!mine || !host) return [`cannot tell the shared versions apart (remote ${mine ?? 'none'}, host ${host ?? 'none'})`];
  if (major(mine) !== major(host)) {
    return [
      `built against shared ${mine}, but the host runs shared ${host}: a different major version. Rebuild against shared ${major(host)}.x, or release a host with shared ${major(mine)}.x first.`,
    ];
  }
  return [];
}

/** `info`: the remote's release.json; `contract`: the API's GET /contract. */
export function callProblems(info, contract, apiOrigin) {
  const served = new Set(contract.endpoints.map((e) => `${e.method} ${e.prefix}${e.path}`));
  return info.calls
    .filter((c) => !served.has(`${c.method} ${c.prefix}${c.path}`))
    .map(
      (c) =>
        `calls ${c.name} (${c.method} ${c.prefix}${c.path}), which the API at ${apiOrigin} does not answer (catalogue ${contract.fingerprint}). Release the API first.`,
    );
}

export async function fetchJson(url, what) {
  let res;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (e) {
    throw new Error(`cannot reach ${what} at ${url} (${e.cause?.code ?? e.message}); is it running?`, { cause: e });
  }
  if (!res.ok) throw new Error(`${what} at ${url} answered HTTP ${res.status}`);
  return res.json();
}
