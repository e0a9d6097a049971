/**
 * `shared` as the tooling takes it under tsx: the package has no "type": "module", so its TS source
 * loads as CommonJS and named ESM imports of it fail (the server's shim says the same:
 * server/src/api/contract.ts). Each entry's namespace is taken once here, typed; types are imported
 * from the entries themselves.
 */
import * as ContractNS from 'shared/contract';
import * as RoutesNS from 'shared/routes';

const namespace = <T>(ns: T): T => (ns as { default?: T }).default ?? ns;

/** shared/contract: the wire contract, the limits and the language rule (uiLanguage) */
export const contract = namespace(ContractNS);
/** shared/routes: the spec's route table and what a route is */
export const routes = namespace(RoutesNS);
