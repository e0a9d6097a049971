/** The wire's paths and time-out, without its cipher: the endpoint catalogue needs these, the start-up does not need crypto-js. */
export const API_PREFIX = '/api';
export const COUNTRY_PREFIX = '/cou';
export type Prefix = typeof API_PREFIX | typeof COUNTRY_PREFIX;
export const REQUEST_TIMEOUT_MS = 60_000;
