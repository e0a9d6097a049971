/** The shape of one call in the endpoint catalogue. */
import type { z } from 'zod';
import type { endpointSchemas } from './endpointSchemas';
import { API_PREFIX, type Prefix } from './prefixes';

export type HttpMethod = 'GET' | 'POST';

type Schemas = typeof endpointSchemas;
export type EndpointName = keyof Schemas;

/** What a call is on the wire: everything but its schemas (those are in endpointSchemas.ts). */
interface EndpointMeta {
  method: HttpMethod;
  /** '/api' or '/cou' (default '/api') */
  prefix?: Prefix;
  /** logical path as in the spec's call table; `{id}` style segments are filled from params of the same name */
  path: string;
  /** multipart upload: image in part `file`, other params sealed in one random-named part */
  multipart?: boolean;
  /** needs a logged-in user (answers 10010301 without a token) */
  auth: boolean;
}

export interface Endpoint<N extends EndpointName = EndpointName> extends EndpointMeta {
  name: N;
  prefix: Prefix;
}

/** The catalogue: one entry per call, named as its schemas are, each knowing its own name; `auth` keeps its literal type (the server's handler types read it). */
export function defineCatalogue<const T extends Record<EndpointName, EndpointMeta>>(meta: T): { [N in EndpointName]: Endpoint<N> & { auth: T[N]['auth'] } } {
  return Object.fromEntries(Object.entries(meta).map(([name, e]) => [name, { prefix: API_PREFIX, ...e, name }])) as {
    [N in EndpointName]: Endpoint<N> & { auth: T[N]['auth'] };
  };
}

export type RequestOf<E> = E extends Endpoint<infer N> ? z.input<Schemas[N]['request']> : never;
export type ResponseOf<E> = E extends Endpoint<infer N> ? z.output<Schemas[N]['response']> : never;

/** Fills `{name}` segments of a path template; those params are not sent in the body. */
export function fillPath(template: string, params: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...params };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = rest[name];
    delete rest[name];
    if (v === undefined || v === null || v === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
  return { path, rest };
}
