/**
 * Which release of each part runs in this page: the host records them as it composes the
 * page (and when a remote falls back to its last good release); Settings shows them, for
 * support calls.
 */
import { useSyncExternalStore } from 'react';

export interface RunningVersion {
  version: string;
  /** the current release that failed to load, when this is the last good one instead */
  fellBackFrom?: string;
  /** not the current release: this device's canary share, or a version pinned for QA */
  track?: 'canary' | 'pinned';
}

let running: Readonly<Record<string, RunningVersion>> = {};
const listeners = new Set<() => void>();

export function setRunningVersion(part: string, v: RunningVersion): void {
  running = { ...running, [part]: v };
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useRunningVersions(): Readonly<Record<string, RunningVersion>> {
  return useSyncExternalStore(subscribe, () => running);
}
