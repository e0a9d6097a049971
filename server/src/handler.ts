/**
 * A handler's type, from the endpoint catalogue: it receives the call's request as its request
 * schema parsed it and answers what the response schema accepts. The handler table is a mapped
 * type over the endpoint names, so a handler with another call's types fails the typecheck.
 */
import type { z } from 'zod';
import type { EndpointName, endpointSchemas, endpoints } from './contract';
import type { AuthedCtx, Ctx } from './deps';

type Schemas = typeof endpointSchemas;
/** the request of call N, validated */
export type Req<N extends EndpointName> = z.output<Schemas[N]['request']>;
/** what call N answers in `data` */
export type Res<N extends EndpointName> = z.input<Schemas[N]['response']>;

/** a call the catalogue marks `auth` reaches its handler only with a signed-in user (the dispatcher answers the logout code first) */
type CtxOf<N extends EndpointName> = (typeof endpoints)[N]['auth'] extends true ? AuthedCtx : Ctx;

export type Handler<N extends EndpointName> = (params: Req<N>, ctx: CtxOf<N>, token?: string) => Promise<Res<N>> | Res<N>;
export type Handlers = { [N in EndpointName]: Handler<N> };
