/**
 * The sandbox as the SMS gateway (the protocol of src/providers/sms/protocol.ts): a text submitted is answered with a
 * message id and its delivery report posted, signed, to the text's `dlr_url` after the configured delay. Each number
 * can be told (POST /__sandbox/sms-numbers) to have its texts refused at submission (`refuse`), accepted but reported
 * undelivered (`undeliver`), never reported (`silent`), reported late (`delayMs`), or delivered (`deliver`, the
 * default); GET /__sandbox/sms lists what was sent (a phone's inbox, for tests and development).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import { SMS_PATHS, dlrTime, signedBy, signedHeaders, type DlrBody, type DlrStatus, type SubmitAnswer, type SubmitBody } from '../src/providers/sms/protocol';

export type SmsOutcome = 'deliver' | 'refuse' | 'undeliver' | 'silent';
export interface NumberRule {
  outcome?: SmsOutcome;
  delayMs?: number;
}
export interface SmsConfig {
  apiKey: string;
  secret: string;
  /** how long after the answer each report is posted */
  reportDelayMs: number;
  /** each text accepted, as a phone would show it (the process's own start prints them: where a developer reads a code) */
  onText?: (to: string, text: string) => void;
}
interface Sms {
  messageId: string;
  to: string;
  sender: string;
  text: string;
  unicode: boolean;
  ref: string;
  submittedAt: number;
  status: DlrStatus | null;
  reportedAt: number | null;
}

const isOutcome = (v: unknown): v is SmsOutcome => v === 'deliver' || v === 'refuse' || v === 'undeliver' || v === 'silent';
/** a number as the rules key it: 92XXXXXXXXXX (a national 3XXXXXXXXX or 03XXXXXXXXX is taken too) */
const keyOf = (n: string) => (n.startsWith('92') ? n : `92${n.replace(/^0/, '')}`);

export function smsSandbox(dataDir: string, cfg: SmsConfig, later: (ms: number, fn: () => void) => void) {
  const logFile = path.join(dataDir, 'sms.jsonl');
  const sent = new Map<string, Sms>();
  if (fs.existsSync(logFile))
    for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) if (line.trim()) sent.set(JSON.parse(line).messageId, JSON.parse(line));
  const save = (m: Sms) => fs.appendFileSync(logFile, JSON.stringify(m) + '\n');
  const rules = new Map<string, NumberRule>();

  async function report(m: Sms, status: DlrStatus, url: string) {
    m.status = status;
    m.reportedAt = Date.now();
    save(m);
    const body: DlrBody = {
      message_id: m.messageId,
      receivernum: m.to,
      status,
      done_at: dlrTime(m.reportedAt),
      error_code: status === 'DELIVRD' ? '0' : '1',
      ref: m.ref,
    };
    const raw = JSON.stringify(body);
    try {
      await fetch(url, { method: 'POST', headers: signedHeaders(cfg.secret, raw), body: raw, signal: AbortSignal.timeout(10_000) });
    } catch {
      // posted once, as aggregators do: a report the merchant did not take is lost
    }
  }

  function submit(raw: string, headers: http.IncomingHttpHeaders): SubmitAnswer {
    if (!signedBy(cfg.secret, raw, headers)) return { STATUS: 'ERROR', ERROR_CODE: '401', ERROR_DESCRIPTION: 'invalid signature' };
    const b = JSON.parse(raw) as Partial<SubmitBody>;
    if (b.apikey !== cfg.apiKey) return { STATUS: 'ERROR', ERROR_CODE: '401', ERROR_DESCRIPTION: 'invalid api key' };
    if (!b.receivernum || !/^923\d{9}$/.test(b.receivernum)) return { STATUS: 'ERROR', ERROR_CODE: '102', ERROR_DESCRIPTION: 'invalid receiver number' };
    if (!b.textmessage || !b.sendernum || !b.dlr_url) return { STATUS: 'ERROR', ERROR_CODE: '101', ERROR_DESCRIPTION: 'missing field' };
    const rule = rules.get(b.receivernum) ?? {};
    if (rule.outcome === 'refuse') return { STATUS: 'ERROR', ERROR_CODE: '104', ERROR_DESCRIPTION: 'number blocked (DND)' };
    const m: Sms = {
      messageId: crypto.randomBytes(8).toString('hex').toUpperCase(),
      to: b.receivernum,
      sender: b.sendernum,
      text: b.textmessage,
      unicode: b.unicode === '1',
      ref: b.ref ?? '',
      submittedAt: Date.now(),
      status: null,
      reportedAt: null,
    };
    sent.set(m.messageId, m);
    save(m);
    cfg.onText?.(m.to, m.text);
    if (rule.outcome !== 'silent') {
      const url = b.dlr_url;
      later(rule.delayMs ?? cfg.reportDelayMs, () => void report(m, rule.outcome === 'undeliver' ? 'UNDELIV' : 'DELIVRD', url));
    }
    return { STATUS: 'SUCCESSFUL', MESSAGE_ID: m.messageId };
  }

  return {
    /** the gateway's own route; null when `pathname` is not one */
    handles: (pathname: string) => pathname === SMS_PATHS.send,
    submit,
    /** GET /__sandbox/sms?to=<number>: the texts sent, oldest first */
    list: (to: string | null) => [...sent.values()].filter((m) => !to || m.to === keyOf(to)),
    control(route: string, b: Record<string, unknown>): unknown {
      if (route === 'sms-numbers') {
        const number = typeof b.number === 'string' ? b.number : '';
        if (!number) return { ok: false, error: 'number required' };
        const rule: NumberRule = {};
        if (isOutcome(b.outcome)) rule.outcome = b.outcome;
        if (typeof b.delayMs === 'number' && b.delayMs >= 0) rule.delayMs = b.delayMs;
        rules.set(keyOf(number), rule);
        return { ok: true, number: keyOf(number), rule };
      }
      if (route === 'sms-config') {
        if (typeof b.reportDelayMs === 'number' && b.reportDelayMs >= 0) cfg.reportDelayMs = b.reportDelayMs;
        return { ok: true, reportDelayMs: cfg.reportDelayMs };
      }
      return null;
    },
    reset: () => rules.clear(),
  };
}
