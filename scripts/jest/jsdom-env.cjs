// jsdom lacks the fetch API classes that react-router's data router needs; lend it
// Node's own (with Node's AbortController, which Node's Request insists on), and Web Crypto's subtle.
const { TestEnvironment } = require('jest-environment-jsdom');
const { implSymbol } = require('jsdom/lib/jsdom/living/generated/utils');

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
    // jsdom 26 leaves a request's time-out timer running when its connection fails (the error path never clears it): a
    // test of a network failure, or a screen calling an API that is not there, held Jest open for the client's 60 s time-out
    const XHR = this.global.XMLHttpRequest;
    const send = XHR.prototype.send;
    XHR.prototype.send = function (...args) {
      this.addEventListener('error', () => clearTimeout(this[implSymbol].properties.timeoutId));
      return send.apply(this, args);
    };
  }
}

module.exports = JsdomWithFetch;
