// jsdom lacks the fetch API classes that react-router's data router needs; lend it
// Node's own (with Node's AbortController, which Node's Request insists on), and Web Crypto's subtle.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of [
      'Request',
      'Response',
      'Headers',
      'AbortController',
      'AbortSignal',
      'ReadableStream',
      'TextEncoder',
      'TextDecoder',
      'structuredClone',
    ]) {
      if (globalThis[name]) this.global[name] = globalThis[name];
    }
    // Web Crypto's digest (the OTP challenge's solver): jsdom has getRandomValues only
    if (this.global.crypto && !this.global.crypto.subtle) Object.defineProperty(this.global.crypto, 'subtle', { value: globalThis.crypto.subtle });
  }
}

module.exports = JsdomWithFetch;
