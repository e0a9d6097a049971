/** Marker of the fallback module errorLoadRemote returns for a remote that cannot load. */
export const REMOTE_UNAVAILABLE = '__remoteUnavailable';

export class RemoteUnavailableError extends Error {
  constructor(
    public readonly remote: string,
    reason?: string,
  ) {
    super(`remote ${remote} is unavailable${reason ? `: ${reason}` : ''}`);
    this.name = 'RemoteUnavailableError';
  }
}

export function isUnavailable(mod: unknown): boolean {
  return Boolean(mod && typeof mod === 'object' && REMOTE_UNAVAILABLE in mod);
}

/** Why the runtime could not load it (kept in the fallback module by errorLoadRemote). */
export function unavailableReason(mod: unknown): string | undefined {
  const reason = (mod as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}
