/**
 * Module Federation runtime plugin: retries manifest fetches with back-off, and turns a
 * remote that cannot load into a marked fallback (errorLoadRemote) instead of an
 * exception deep in the runtime, so the route's boundary can offer a retry.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_UNAVAILABLE } from './unavailable';
import { checkedManifest, integrityOf, UnsignedReleaseError } from './integrity';

const RETRIES = 2;
const BACKOFF_MS = 400;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** every script the runtime asked for, settled when it has run or failed */
const scripts = new Map<string, Promise<void>>();

/** Once every script under `base` the runtime created has run or failed (a release's folder). */
export function scriptsSettled(base: string): Promise<void> {
  return Promise.all([...scripts].filter(([url]) => url.startsWith(base)).map(([, done]) => done)).then(() => undefined);
}

export default function remoteFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-failure-plugin',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= RETRIES; attempt++) {
        try {
          // pointers are served no-cache: the browser revalidates them, and a preloaded copy
          // (host/src/boot/start-hints.js) is used as it is
          const res = await fetch(url, init);
          // a remote's manifest only once its squad's signature checks out (integrity.ts)
          if (res.ok) return await checkedManifest(url, res);
          lastError = new Error(`${url}: HTTP ${res.status}`);
        } catch (e) {
          // not what its squad signed: no second try makes it so
          if (e instanceof UnsignedReleaseError) throw e;
          lastError = e;
        }
        if (attempt < RETRIES) await sleep(BACKOFF_MS * (attempt + 1));
      }
      throw lastError;
    },
    // remote entries, and the prefetch's links, load with CORS like the chunks
    // (output.crossOriginLoading): one request for each file, matched by the preloads,
    // cacheable by the service worker, and failures report their cause
    createScript({ url }) {
      const script = document.createElement('script');
      script.src = url;
      script.crossOrigin = 'anonymous';
      // a release's file runs only as its squad signed it
      const integrity = integrityOf(url);
      if (integrity) script.integrity = integrity;
      scripts.set(
        url,
        new Promise((r) => {
          script.addEventListener('load', () => r(), { once: true });
          script.addEventListener('error', () => r(), { once: true });
        }),
      );
      return script;
    },
    createLink({ url, attrs }) {
      const link = document.createElement('link');
      for (const [name, value] of Object.entries(attrs ?? {})) link.setAttribute(name, String(value));
      link.href = url;
      link.crossOrigin = 'anonymous';
      const integrity = integrityOf(url);
      if (integrity) link.integrity = integrity;
      return link;
    },
    async errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`remote ${id} failed to load during ${lifecycle}`, error);
      return { [REMOTE_UNAVAILABLE]: true, id, reason: `${lifecycle}: ${error instanceof Error ? error.message : String(error)}` };
    },
  };
}
