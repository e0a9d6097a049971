/** Marker of the fallback module errorLoadRemote returns for a remote that cannot load. */
export const REMOTE_UNAVAILABLE = '__remoteUnavailable';

export class RemoteUnavailableError extends Error {
  constructor(public readonly remote: string) {
    super(`remote ${remote} is unavailable`);
    this.name = 'RemoteUnavailableError';
  }
}

export function isUnavailable(mod: unknown): boolean {
  return Boolean(mod && typeof mod === 'object' && REMOTE_UNAVAILABLE in mod);
}
