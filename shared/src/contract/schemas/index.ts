/** The schemas of the contract: `shared/schemas` for the app's forms, and through `shared/contract` for the server. */
import './noEval';
export * from './common';
export * from './security';
export * from './user';
export * from './loan';
export * from './repay';
export * from './market';
export * from './timeUpload';
export * from './country';
export * from './app';
export * from './portal';
export * from './consent';
export * from './compliance';
export * from './notices';
