/**
 * Whether a remote's build fits what it will meet once live: the host's `shared` (same major
 * version, or the host's copy would not be used and the remote would run on its own), and
 * the running API's catalogue (every call the remote makes must be answered there, with the
 * request and response schemas the remote was built with).
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

/**
 * `info`: the remote's release.json; `contract`: the API's GET /contract. A call is matched by
 * method and path; its schemas' fingerprints are compared when both sides have them (a build
 * or an API from before fingerprints is checked by path only). Any change of a schema refuses,
 * a compatible one too (an optional field added): the fingerprint cannot tell them apart.
 */
export function callProblems(info, contract, apiOrigin) {
  const key = (c) => `${c.method} ${c.prefix}${c.path}`;
  const served = new Map(contract.endpoints.map((e) => [key(e), e]));
  return info.calls.flatMap((c) => {
    const e = served.get(key(c));
    const call = `calls ${c.name} (${key(c)})`;
    if (!e) return [`${call}, which the API at ${apiOrigin} does not answer (catalogue ${contract.fingerprint}). Release the API first.`];
    const differs = (side) => c[side] && e[side] && c[side] !== e[side];
    return [
      differs('request') &&
        `${call} with a request the API at ${apiOrigin} may no longer accept: built for request schema ${c.request}, the API has ${e.request}. Rebuild against the API's contract.`,
      differs('response') &&
        `${call} and reads its answer as built for response schema ${c.response}, but the API at ${apiOrigin} answers by ${e.response}. Rebuild against the API's contract.`,
    ].filter(Boolean);
  });
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
