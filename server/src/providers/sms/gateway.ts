/**
 * The SMS gateway behind an interface, and its adapter speaking the aggregator's protocol (protocol.ts) to SMS_URL:
 * the sandbox in development and tests, the aggregator in production (server/README.md "SMS": what to set).
 * Submitting answers the gateway's message id (or why not); the delivery report comes later to our report route.
 */
import { DLR_STATUSES, SMS_PATHS, msisdnOf, needsUnicode, signedBy, signedHeaders, type DlrBody, type SubmitAnswer, type SubmitBody } from './protocol';
import { PKT_OFFSET_MS } from '../../core/time';

export type SubmitResult = { ok: true; messageId: string } | { ok: false; reason: string };

export interface DeliveryReport {
  messageId: string;
  delivered: boolean;
  /** the gateway's status word and error code, e.g. `UNDELIV 1` */
  status: string;
  at: number;
  ref: string;
}

export interface SmsGateway {
  /** `to`: a national mobile (3XXXXXXXXX); `ref`: ours, echoed in the report */
  submit(m: { to: string; text: string; ref: string }): Promise<SubmitResult>;
  /** the report in a body (its raw text and headers), or null when the gateway did not sign it or it cannot be read */
  report(raw: string, headers: Record<string, string | string[] | undefined>): DeliveryReport | null;
}

export interface GatewayOptions {
  url: string;
  apiKey: string;
  secret: string;
  sender: string;
  timeoutMs: number;
  /** where the gateway posts its delivery reports (our report route) */
  reportUrl: () => string;
}

function msOfDlrTime(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - PKT_OFFSET_MS : null;
}

export function smsGateway(o: GatewayOptions): SmsGateway {
  return {
    async submit({ to, text, ref }) {
      const body: SubmitBody = {
        apikey: o.apiKey,
        receivernum: msisdnOf(to),
        sendernum: o.sender,
        textmessage: text,
        unicode: needsUnicode(text) ? '1' : '0',
        dlr_url: o.reportUrl(),
        ref,
      };
      const raw = JSON.stringify(body);
      try {
        const r = await fetch(o.url + SMS_PATHS.send, {
          method: 'POST',
          headers: signedHeaders(o.secret, raw),
          body: raw,
          signal: AbortSignal.timeout(o.timeoutMs),
        });
        const a = (await r.json().catch(() => null)) as SubmitAnswer | null;
        if (a?.STATUS === 'SUCCESSFUL' && typeof a.MESSAGE_ID === 'string' && a.MESSAGE_ID) return { ok: true, messageId: a.MESSAGE_ID };
        if (a?.STATUS === 'ERROR') return { ok: false, reason: `${a.ERROR_CODE} ${a.ERROR_DESCRIPTION}` };
        return { ok: false, reason: `answer ${r.status} without a message id` };
      } catch (e) {
        return { ok: false, reason: (e as Error).name === 'TimeoutError' ? `no answer within ${o.timeoutMs} ms` : (e as Error).message };
      }
    },
    report(raw, headers) {
      if (!signedBy(o.secret, raw, headers)) return null;
      let b: Partial<DlrBody>;
      try {
        b = JSON.parse(raw) as Partial<DlrBody>;
      } catch {
        return null;
      }
      const at = typeof b.done_at === 'string' ? msOfDlrTime(b.done_at) : null;
      if (typeof b.message_id !== 'string' || !b.message_id || !DLR_STATUSES.includes(b.status as DlrBody['status']) || at === null) return null;
      return {
        messageId: b.message_id,
        delivered: b.status === 'DELIVRD',
        status: `${b.status}${b.error_code ? ` ${b.error_code}` : ''}`,
        at,
        ref: typeof b.ref === 'string' ? b.ref : '',
      };
    },
  };
}
