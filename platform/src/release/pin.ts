/**
 * Pinning a device to a version of a remote, for QA: a QA build of the host (NATIVE_SIM=1)
 * opened with `?pin=<remote>@<version>` keeps that version for that remote on that device
 * (host/src/remotes/tracks.ts), the rest of the app as published; `?pin=<remote>@` unpins.
 */
export const PIN_PARAM = 'pin';

import type { App } from '../core/store';

export const pinLink = (hostOrigin: string, app: App, version: string) => `${hostOrigin}/?${PIN_PARAM}=${encodeURIComponent(`${app.name}@${version}`)}`;
