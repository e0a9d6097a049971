/** A call's request and answer as the contract's schemas type them: what services, domain and repos share. */
import type { z } from 'zod';
import type { EndpointName, endpointSchemas } from './contract';

type Schemas = typeof endpointSchemas;
/** the request of call N, validated */
export type Req<N extends EndpointName> = z.output<Schemas[N]['request']>;
/** what call N answers in `data` */
export type Res<N extends EndpointName> = z.input<Schemas[N]['response']>;
