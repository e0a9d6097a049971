/**
 * time-upload: the data-collection gate (DATA_COLLECTION): the six data kinds the native SDK reports
 * per order, and the lending apps it reports on; both need the agreement to the device permissions.
 * A kind the market profile never collects (pk-secp: contacts, and the photos' metadata from the gallery)
 * is answered as done: the wrapper collects only the kinds answered false (native-bridge.md), so it never
 * reads them nor asks their permission.
 */
import type { AuthedCtx } from '../context/deps';
import type { Req, Res } from '../api/calls';
import { POLICY } from '../settings/policy';
import C from '../api/contract';
import type { UploadFlag } from '../api/contract';
import { requireConsent } from '../usecases/consent';
import { ownOrder, setUploadFlags, uploadFlagsOf } from '../repos/orders';
import { uncollectedFlags } from '../market/profile';

const { UPLOAD_FLAGS } = C;

async function gate(orderNo: string, ctx: AuthedCtx, set?: Partial<Record<UploadFlag, boolean>>): Promise<Res<'uploadStatus'>> {
  const { db } = ctx.deps;
  const o = await ownOrder(db, ctx.user.id, orderNo);
  await requireConsent(db, ctx.user.id, ctx.deps.cfg.profile);
  const cur = uploadFlagsOf(o);
  const flags = Object.fromEntries(UPLOAD_FLAGS.map((f) => [f, !!(set && f in set ? set[f] : cur[f])])) as Record<UploadFlag, boolean>;
  if (set) await setUploadFlags(db, o.id, flags);
  for (const f of uncollectedFlags(ctx.deps.cfg.profile)) flags[f] = true;
  const all = UPLOAD_FLAGS.every((f) => flags[f]);
  const enabled = ctx.deps.outcomes.dataCollection(ctx.user.mobile);
  return {
    enableTimeSdk: enabled,
    message: !enabled ? 'data collection disabled' : all ? 'all data collected' : 'data collection pending',
    ...flags,
  };
}
export const uploadEnable = (p: Req<'uploadEnable'>, ctx: AuthedCtx) => gate(p.orderNo, ctx);
export const uploadStatus = (p: Req<'uploadStatus'>, ctx: AuthedCtx) => gate(p.orderNo, ctx);
export const uploadReport = (p: Req<'uploadReport'>, ctx: AuthedCtx) => gate(p.orderNo, ctx, p.flags);

/** the lending apps the data-collection task reports on: only when the market asks for installed apps and the borrower agreed */
export async function devicePackageList(_p: Req<'devicePackageList'>, ctx: AuthedCtx): Promise<Res<'devicePackageList'>> {
  const agreed = await requireConsent(ctx.deps.db, ctx.user.id, ctx.deps.cfg.profile);
  const enabled = POLICY.permissions.installedApps.enabled && agreed.permissions.includes('installedApps');
  return { enabled, packages: enabled ? POLICY.lendingAppPackages : [] };
}
