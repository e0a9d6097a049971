/**
 * The error catalogue of docs/wire-protocol.md: every non-zero `code` the server answers (errorCodes.ts), with an English
 * and an Urdu message (errorMessages.ts). Two modules: the browser's start-up takes the codes without the messages.
 */
export * from './errorCodes';
export * from './errorMessages';
