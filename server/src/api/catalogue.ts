/**
 * The API's catalogue as a front-end release sees it: every call it answers (name, method,
 * prefix, path, and the fingerprints of its request and response schemas) and a fingerprint of
 * the whole. `platform/src/release/` refuses a remote that calls a call missing here, or one whose
 * schemas it was built with differ from these (docs/releasing.md).
 */
import { createHash } from 'node:crypto';
import C from './contract';

export function catalogueSummary() {
  const endpoints = Object.values(C.endpoints)
    .map(({ name, method, prefix, path }) => ({ name, method, prefix, path, ...C.callFingerprints(name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const fingerprint = createHash('sha256').update(JSON.stringify(endpoints)).digest('hex').slice(0, 16);
  return { fingerprint, endpoints };
}
