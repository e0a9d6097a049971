/** Analytics events: to the wrapper when present, else kept in the app's own event log. */
import { bridge } from './bridge';

export interface LoggedEvent {
  name: string;
  params: Record<string, unknown>;
  at: number;
}

const LOG_LIMIT = 200;
export const eventLog: LoggedEvent[] = [];

export function logEvent(name: string, params: Record<string, unknown> = {}, channel: 'local' | 'af' = 'local'): void {
  const sent = bridge.send(channel === 'af' ? 'logEventByAF' : 'logEventByLocal', { name, params });
  if (!sent) {
    eventLog.push({ name, params, at: Date.now() });
    if (eventLog.length > LOG_LIMIT) eventLog.shift();
  }
}
