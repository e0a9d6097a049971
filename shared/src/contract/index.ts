/**
 * The contract entry point: no React, no browser APIs. The server imports only this.
 */
export * from './cipher';
export * from './wire';
export * from './status';
export * from './options';
export * from './limits';
export * from './safeValues';
export * from './errors';
export * from './staffErrors';
export * from './staffRoles';
export * from './challenge';
export * from './endpoint';
export * from './endpoints';
export * from './endpointSchemas';
export * from './fingerprint';
export * from './pakistanTime';
export * from './money';
export * as schemas from './schemas';
export * from './schemas';
/** the remotes' names (what the server accepts in a client event) */
export { REMOTE_NAMES, type RemoteName } from '../routes/spec';
/** the test borrower of the QA fixtures and the e2e suites */
export { QA_FIXTURE_STATES, TEST_BORROWER, withFixtureOrder, type QaFixtureState } from './testBorrower';
