/**
 * A handler's type, from the endpoint catalogue: it receives the call's request as its request
 * schema parsed it and answers what the response schema accepts. The handler table is a mapped
 * type over the endpoint names, so a handler with another call's types fails the typecheck.
 */
import type { EndpointName, endpoints } from './contract';
import type { Req, Res } from './calls';
import type { AuthedCtx, Ctx } from '../context/deps';

/** a call the catalogue marks `auth` reaches its handler only with a signed-in user (the dispatcher answers the logout code first) */
type CtxOf<N extends EndpointName> = (typeof endpoints)[N]['auth'] extends true ? AuthedCtx : Ctx;

export type Handler<N extends EndpointName> = (params: Req<N>, ctx: CtxOf<N>, token?: string) => Promise<Res<N>> | Res<N>;
export type Handlers = { [N in EndpointName]: Handler<N> };
