/**
 * OTP delivery behind an interface, and the notices sent the same way: through the SMS gateway (usecases/smsDelivery.ts,
 * SMS_PROVIDER=gateway, the default), or to the server log (SMS_PROVIDER=log: development only, refused in production).
 */
import type { FastifyBaseLogger } from 'fastify';
import { maskMobile } from '../core/mask';

export interface OtpProvider {
  /** `lang`: the language of the code's text (the asker's) */
  send(mobile: string, code: string, channel: 'sms' | 'voice', purpose: string, lang?: 'en' | 'ur'): Promise<void>;
  /** a text message that tells the borrower something happened (a receiving account changed, a notice); `ref`: ours, kept with its delivery report */
  notify(mobile: string, kind: string, text: string, ref?: string): Promise<void>;
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
