/**
 * Development controls' state (DEV_CONTROLS=1, never in production): decisions forced per borrower
 * in front of the configured ones, what the rails sandbox is told to do with a borrower's transfers,
 * and the last code sent to each number. The routes that set and read them are http/devRoutes.ts.
 */
import type { Outcomes } from '../providers/outcomes';
import type { OtpProvider } from '../providers/otpDelivery';

/**
 * 'hold' keeps the order where it is (in review, or paying out) until another outcome is forced: it is not consumed.
 * `payout` and `payment` are not kept here: the sandbox is told them for the borrower's account (`forceAtRails`).
 */
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

function take<K extends 'review'>(dev: DevState, mobile: string, key: K): Forced[K] {
  const f = dev.force.get(mobile);
  const v = f?.[key];
  if (f && v !== 'hold') delete f[key];
  return v;
}

/** the configured decisions, unless /__dev/force set one for this borrower */
export function forcedOutcomes(normal: Outcomes, dev: DevState): Outcomes {
  return {
    review(mobile, byRule, score) {
      const forced = take(dev, mobile, 'review');
      if (forced === 'hold') return null;
      return forced ? { approve: forced === 'approve', note: `forced ${forced}` } : normal.review(mobile, byRule, score);
    },
    dataCollection: (mobile) => normal.dataCollection(mobile) || dev.force.get(mobile)?.dataCollection === true,
  };
}

/** keeps the last code sent to each number for /__dev/otp */
export function recordingOtp(otp: OtpProvider, dev: DevState): OtpProvider {
  return {
    send(mobile, code, channel, purpose, lang) {
      dev.lastOtp.set(mobile, code);
      return otp.send(mobile, code, channel, purpose, lang);
    },
    notify: (mobile, kind, text, ref) => otp.notify(mobile, kind, text, ref),
  };
}

/**
 * Tells the rails sandbox (RAILS_URL) what to do with the next payout to this borrower (`payout`: ok, fail, or
 * hold until told otherwise) and the next collection from their wallet (`payment`): the sandbox keys its rules by
 * the borrower's mobile, which every transfer of theirs carries.
 */
export async function forceAtRails(railsUrl: string, mobile: string, f: Pick<Forced, 'payout' | 'payment'>): Promise<void> {
  if (!f.payout && !f.payment) return;
  const r = await fetch(`${railsUrl}/__sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: mobile, disburse: f.payout, collect: f.payment }),
  });
  if (!r.ok) throw new Error(`the rails sandbox at ${railsUrl} answered ${r.status}: is it running?`);
}
