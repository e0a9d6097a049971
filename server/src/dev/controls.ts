/**
 * Development controls' state (DEV_CONTROLS=1, never in production): outcomes forced per borrower
 * in front of the configured ones, and the last code sent to each number. The routes that set and
 * read them are http/devRoutes.ts.
 */
import type { Outcomes } from '../providers/outcomes';
import type { OtpProvider } from '../providers/otpDelivery';

/** 'hold' keeps the order where it is (in review, or paying out) until another outcome is forced: it is not consumed */
export type Forced = {
  review?: 'approve' | 'reject' | 'hold';
  payout?: 'ok' | 'fail' | 'hold';
  payment?: 'ok' | 'fail';
  dataCollection?: boolean;
};
export interface DevState {
  /** forced outcomes per national mobile, consumed when used (dataCollection stays) */
  force: Map<string, Forced>;
  /** last OTP sent per mobile */
  lastOtp: Map<string, string>;
}
export const devState = (): DevState => ({ force: new Map(), lastOtp: new Map() });

function take<K extends 'review' | 'payout' | 'payment'>(dev: DevState, mobile: string, key: K): Forced[K] {
  const f = dev.force.get(mobile);
  const v = f?.[key];
  if (f && v !== 'hold') delete f[key];
  return v;
}

/** the configured outcomes, unless /__dev/force set one for this borrower */
export function forcedOutcomes(normal: Outcomes, dev: DevState): Outcomes {
  return {
    review(mobile, byRule, score) {
      const forced = take(dev, mobile, 'review');
      if (forced === 'hold') return null;
      return forced ? { approve: forced === 'approve', note: `forced ${forced}` } : normal.review(mobile, byRule, score);
    },
    payout(mobile) {
      const forced = take(dev, mobile, 'payout');
      if (forced === 'hold') return null;
      return forced ? forced === 'ok' : normal.payout(mobile);
    },
    payment(mobile) {
      const forced = take(dev, mobile, 'payment');
      return forced ? forced === 'ok' : normal.payment(mobile);
    },
    dataCollection: (mobile) => normal.dataCollection(mobile) || dev.force.get(mobile)?.dataCollection === true,
  };
}

/** keeps the last code sent to each number for /__dev/otp */
export function recordingOtp(otp: OtpProvider, dev: DevState): OtpProvider {
  return {
    send(mobile, code, channel, purpose) {
      dev.lastOtp.set(mobile, code);
      return otp.send(mobile, code, channel, purpose);
    },
    notify: (mobile, kind, text) => otp.notify(mobile, kind, text),
  };
}
