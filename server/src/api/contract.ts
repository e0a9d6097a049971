/**
 * The shared contract as seen by the server. The `shared` package has no "type": "module",
 * so under tsx/Node its TS source loads as CommonJS and named ESM imports of it fail;
 * this shim takes the namespace (or its CJS default) once and re-exports it typed.
 */
import * as NS from 'shared/contract';

const C = ((NS as unknown as { default?: typeof NS }).default ?? NS) as typeof NS;
export default C;
export type * from 'shared/contract';
