/** OTP delivery behind an interface, and the notices sent the same way. The built-in provider writes to the server log. */
import type { FastifyBaseLogger } from 'fastify';
import { maskMobile } from '../core/mask';

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
