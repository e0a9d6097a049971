/** The chunk later.ts loads: the schemas' messages and the error catalogue's, both languages. */
export { validation } from './validation';
export { ERROR_MESSAGES, errorMessage } from '../contract/errorMessages';
