/**
 * The upload-time gate of spec section 4, before a step proceeds: is data collection
 * enabled for the order; if so are the six flags set; if not, the native app runs its
 * data-collection task (timeSDK) and the step waits for it. A plain browser cannot run
 * the task ('please run in app'); a failed check blocks too.
 */
import { INCOMPLETE_ORDER_STATUSES, type GateDeps } from './uploadGateDeps';

export type GateOutcome =
  | { pass: true }
  | { pass: false; reason: 'runInApp' | 'collectionFailed' | 'checkFailed' };

const FLAGS = ['appList', 'sms', 'exif', 'device', 'contact', 'location'] as const;

export async function runUploadGate(step: string, deps: GateDeps): Promise<GateOutcome> {
  let orderNo: string;
  let flags: Record<(typeof FLAGS)[number], boolean>;
  try {
    const latest = await deps.latestOrder();
    const order = latest.order;
    // the gate belongs to an order being completed; without one there is nothing to collect for
    if (!order || !INCOMPLETE_ORDER_STATUSES.includes(order.status)) return { pass: true };
    orderNo = order.orderNo;
    const enable = await deps.uploadEnable(orderNo);
    if (!enable.enableTimeSdk) return { pass: true };
    const status = await deps.uploadStatus(orderNo);
    flags = Object.fromEntries(FLAGS.map((f) => [f, !!status[f]])) as typeof flags;
    if (FLAGS.every((f) => flags[f])) return { pass: true };
  } catch {
    return { pass: false, reason: 'checkFailed' };
  }
  if (!deps.inApp()) return { pass: false, reason: 'runInApp' };
  try {
    const res = await deps.timeSDK({ step, orderNo, userId: deps.userId(), isSubmit: true, flags });
    return res.ok === true ? { pass: true } : { pass: false, reason: 'collectionFailed' };
  } catch {
    return { pass: false, reason: 'collectionFailed' };
  }
}
