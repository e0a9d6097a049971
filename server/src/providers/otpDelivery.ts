/**
 * OTP delivery behind an interface, and the notices sent the same way. Two providers: the log provider (the
 * default: codes in the server log outside production, never in it) and an SMS gateway over HTTP (SMS_URL),
 * which the rails sandbox plays locally (server/sandbox/: it keeps what it was sent, per number).
 */
import type { FastifyBaseLogger } from 'fastify';
import { maskMobile } from '../core/mask';
import C from '../api/contract';

/** a number as the server keeps it (10 national digits) in the international form a gateway takes */
export const e164 = (mobile: string) => `+92${C.normalizeMobile(mobile)}`;

export interface OtpProvider {
  send(mobile: string, code: string, channel: 'sms' | 'voice', purpose: string): Promise<void>;
  /** a text message that tells the borrower something happened (a receiving account changed) */
  notify(mobile: string, kind: string, text: string): Promise<void>;
}

export function logOtpProvider(log: FastifyBaseLogger, production: boolean): OtpProvider {
  return {
    async send(mobile, code, channel, purpose) {
      if (production) {
        // the log provider is not a delivery channel: never print codes in production
        log.warn({ to: maskMobile(mobile), channel, purpose }, 'otp generated (log provider: configure a real SMS/voice provider)');
      } else {
        // development delivery: the code is the point of this line; the number is masked
        log.info({ to: maskMobile(mobile), channel, purpose, devCode: code }, 'otp sent (log provider)');
      }
    },
    async notify(mobile, kind, text) {
      log.info({ to: maskMobile(mobile), kind, text }, 'notice sent (log provider)');
    },
  };
}

/** the gateway's paths (the sandbox serves them) and the sandbox's key, which production refuses (settings/config.ts) */
export const SMS_PATHS = { code: '/sms/code', notice: '/sms/notice' } as const;
export const SANDBOX_SMS_KEY = 'dev-only-sms-key-0123456789';
export interface SmsMessage {
  /** E.164: +92 and the number's 10 national digits */
  to: string;
  /** a code's purpose, or a notice's kind */
  purpose: string;
  channel: 'sms' | 'voice';
  code?: string;
  text?: string;
}

/**
 * The SMS gateway: each code and notice one JSON POST with the API key as a bearer token; the gateway words the
 * code's message (its template, as SMS verification services do). An answer other than 2xx, or none within
 * `timeoutMs`, throws: the caller's answer says the code was not sent, and the failure is counted (context/metrics.ts).
 */
export function httpSmsProvider(opts: { url: string; apiKey: string; timeoutMs: number }): OtpProvider {
  const post = async (path: string, m: SmsMessage) => {
    const r = await fetch(new URL(path, opts.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.apiKey}` },
      body: JSON.stringify(m),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    if (!r.ok) throw new Error(`SMS gateway answered ${r.status} to ${path}`);
  };
  return {
    send: (mobile, code, channel, purpose) => post(SMS_PATHS.code, { to: e164(mobile), purpose, channel, code }),
    notify: (mobile, kind, text) => post(SMS_PATHS.notice, { to: e164(mobile), purpose: kind, channel: 'sms', text }),
  };
}
