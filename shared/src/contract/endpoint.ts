/** The shape of one call in the endpoint catalogue. */
import type { z } from 'zod';
import { API_PREFIX, type Prefix } from './wire';

export type HttpMethod = 'GET' | 'POST';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** '/api' or '/cou' */
  prefix: Prefix;
  /** logical path as in the spec's call table; `{id}` style segments are filled from params of the same name */
  path: string;
  /** multipart upload: image in part `file`, other params sealed in one random-named part */
  multipart?: boolean;
  /** needs a logged-in user (answers 10010301 without a token) */
  auth: boolean;
  request: Req;
  response: Res;
}

export function defineEndpoint<Req extends z.ZodType, Res extends z.ZodType>(
  e: Omit<Endpoint<Req, Res>, 'prefix'> & { prefix?: Prefix },
): Endpoint<Req, Res> {
  return { prefix: API_PREFIX, ...e };
}

export type RequestOf<E> = E extends Endpoint<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer Res> ? z.output<Res> : never;

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
