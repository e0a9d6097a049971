/**
 * A call's wire fingerprints: one of its request schema, one of its response schema. A remote's
 * build records those of the calls it makes (release.json) and the API lists its own
 * (`GET /contract`); platform/src/release/ refuses a build whose fingerprints differ from the API's,
 * so a renamed or newly required parameter is caught at release, not by borrowers' forms.
 *
 * Only the server and the build scripts import this (through `shared/contract`, which no
 * browser code imports); crypto-js keeps it free of Node all the same.
 */
import SHA256 from 'crypto-js/sha256';
import { z } from 'zod';
import type { EndpointName } from './endpoint';
import { endpointSchemas } from './endpointSchemas';

export interface CallFingerprints {
  request: string;
  response: string;
}

/** Objects' keys sorted (the same schema written in another order is the same schema); `required` is a set too. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => {
        const v = (value as Record<string, unknown>)[k];
        return [k, k === 'required' && Array.isArray(v) ? [...v].sort() : canonical(v)];
      }),
  );
}

/**
 * The JSON Schema of what travels on the wire (`io: 'input'`: what the client sends, and what the
 * server sends for the client to parse), without descriptions (an empty metadata registry), hashed.
 * Refinements and transforms are not in JSON Schema: a change to those alone keeps the fingerprint.
 * A schema JSON Schema cannot express throws, so a blind spot is not silently hashed as "anything".
 */
export function schemaFingerprint(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', metadata: z.registry() });
  return SHA256(JSON.stringify(canonical(json)))
    .toString()
    .slice(0, 16);
}

export function callFingerprints(name: EndpointName): CallFingerprints {
  const { request, response } = endpointSchemas[name];
  return { request: schemaFingerprint(request), response: schemaFingerprint(response) };
}
