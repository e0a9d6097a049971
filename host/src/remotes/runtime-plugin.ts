/**
 * Module Federation runtime plugin: retries manifest fetches with back-off, and turns a
 * remote that cannot load into a marked fallback (errorLoadRemote) instead of an
 * exception deep in the runtime, so the route's boundary can offer a retry.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_UNAVAILABLE } from './unavailable';

const RETRIES = 2;
const BACKOFF_MS = 400;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default function remoteFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-failure-plugin',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= RETRIES; attempt++) {
        try {
          const res = await fetch(url, { ...init, cache: 'no-cache' });
          if (res.ok) return res;
          lastError = new Error(`${url}: HTTP ${res.status}`);
        } catch (e) {
          lastError = e;
        }
        if (attempt < RETRIES) await sleep(BACKOFF_MS * (attempt + 1));
      }
      throw lastError;
    },
    async errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`remote ${id} failed to load during ${lifecycle}`, error);
      return { [REMOTE_UNAVAILABLE]: true, id };
    },
  };
}
