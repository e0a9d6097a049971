/**
 * A remote's release that failed to load on this phone: to the wrapper's own event log when
 * inside it (logEventByLocal), and to the API's log, where operations see it. Never blocks or
 * fails the page.
 */
import { call, endpoints, logEvent, type RequestOf } from 'shared';

export function reportRemoteFailure(event: RequestOf<typeof endpoints.clientEvent>): void {
  const { event: name, ...params } = event;
  logEvent(name, params);
  call(endpoints.clientEvent, event, { overlay: false }).catch(() => undefined);
}
