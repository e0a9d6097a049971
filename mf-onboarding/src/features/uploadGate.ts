/**
 * The upload-time gate of spec section 4, before a step proceeds: is data collection
 * enabled for the order; if so are the six flags set; if not, the native app runs its
 * data-collection task (timeSDK) and the step waits for it. A plain browser cannot run
 * the task ('please run in app'); a failed check blocks too. Before any of it, the borrower
 * must have agreed to the device permissions (else: to the permissions screen first).
 */
import { UPLOAD_FLAGS, isIncomplete, type UploadFlag } from 'shared';
import type { GateDeps } from './uploadGateDeps';

export type GateOutcome = { pass: true } | { pass: false; reason: 'consent' | 'runInApp' | 'collectionFailed' | 'checkFailed' };

export async function runUploadGate(step: string, deps: GateDeps): Promise<GateOutcome> {
  let orderNo: string;
  let flags: Record<UploadFlag, boolean>;
  try {
    const latest = await deps.latestOrder();
    const order = latest.order;
    // the gate belongs to an order being completed; without one there is nothing to collect for
    if (!order || !isIncomplete(order.status)) return { pass: true };
    orderNo = order.orderNo;
    // nothing is collected (nor asked about) before the borrower agreed to the device permissions
    if (!(await deps.hasConsent())) return { pass: false, reason: 'consent' };
    const enable = await deps.uploadEnable(orderNo);
    if (!enable.enableTimeSdk) return { pass: true };
    const status = await deps.uploadStatus(orderNo);
    flags = Object.fromEntries(UPLOAD_FLAGS.map((f) => [f, !!status[f]])) as typeof flags;
    if (UPLOAD_FLAGS.every((f) => flags[f])) return { pass: true };
  } catch {
    return { pass: false, reason: 'checkFailed' };
  }
  if (!deps.inApp()) return { pass: false, reason: 'runInApp' };
  let packages: string[];
  try {
    // the lending apps the server wants reported (none when the market does not ask for installed apps)
    const list = await deps.packageList();
    packages = list.enabled ? list.packages : [];
  } catch {
    return { pass: false, reason: 'checkFailed' };
  }
  try {
    const res = await deps.timeSDK({ step, orderNo, userId: deps.userId(), isSubmit: true, flags, packages });
    return res.ok === true ? { pass: true } : { pass: false, reason: 'collectionFailed' };
  } catch {
    return { pass: false, reason: 'collectionFailed' };
  }
}
