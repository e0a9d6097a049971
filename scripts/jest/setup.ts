import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { webcrypto } from 'node:crypto';

// jsdom lacks these; react-router and the cipher need them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!globalThis.crypto?.getRandomValues) Object.defineProperty(globalThis, 'crypto', { value: webcrypto });

// the platform's later strings (the schemas' and the error catalogue's messages): in the app every screen but a hydrating one
// waits for them (shared/src/shell/RemoteScreen.tsx); a component test renders its screen itself, so they are there first
beforeAll(async () => {
  // eslint-disable-next-line import-x/no-restricted-paths -- the tests run in jsdom, where the browser entry's modules load
  const { loadLaterStrings } = await import('../../shared/src/i18n/later');
  await loadLaterStrings();
});
