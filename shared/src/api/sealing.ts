/** What the HTTP client seals its calls with (crypto-js's AES underneath): a chunk of its own, loaded with the first call (http.ts). */
export { deriveKey } from '../contract/cipher';
export { sealRequest } from '../contract/wire';
