/**
 * What this phone reports of a remote's release: a load that fell back (or failed), a crash, and, once per release,
 * that it started here (the count crash rates are of). A failure or crash goes to the wrapper's own event log when
 * inside it (logEventByLocal; a start is no event of the borrower's journey, so not there); every report goes to the
 * API's log, where operations see it and the release watch counts it per device (platform/src/release/
 * demote-watch.ts): the device's id goes with each, for a signed-out borrower. Never blocks or fails the page.
 */
import { call, deviceStorage, endpoints, logEvent, type RemoteName, type RequestOf } from 'shared';
import { deviceId } from './tracks';

type Report = Omit<RequestOf<typeof endpoints.clientEvent>, 'device'>;

export function reportRemote(event: Report): void {
  const { event: name, ...params } = event;
  if (name !== 'remoteStarted') logEvent(name, params);
  call(endpoints.clientEvent, { ...event, device: deviceId() }, { overlay: false }).catch(() => undefined);
}

const store = deviceStorage('releases');
/** releases whose start this phone reported: once each (the latest few kept) */
const STARTS_KEPT = 20;

/** Reports that `remote`'s `version` runs on this phone, the first time it does. */
export function reportStarted(remote: RemoteName, version: string): void {
  const key = `${remote}@${version}`;
  const started = store.get<string[]>('started') ?? [];
  if (started.includes(key)) return;
  store.set('started', [...started, key].slice(-STARTS_KEPT));
  reportRemote({ event: 'remoteStarted', remote, version });
}
