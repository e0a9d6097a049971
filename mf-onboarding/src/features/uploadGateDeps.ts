/** What the upload gate talks to: the API, the bridge and the session (injected for tests). */
import { bridge, call, endpoints, useSession, type UploadGate } from 'shared';
import { hasConsent } from './permissions';

export interface GateDeps {
  latestOrder(): Promise<{ order: { orderNo: string; status: number } | null }>;
  hasConsent(): Promise<boolean>;
  uploadEnable(orderNo: string): Promise<UploadGate>;
  uploadStatus(orderNo: string): Promise<UploadGate>;
  packageList(): Promise<{ enabled: boolean; packages: string[] }>;
  inApp(): boolean;
  userId(): number | null;
  timeSDK(data: object): Promise<Record<string, unknown>>;
}

export const liveGateDeps: GateDeps = {
  latestOrder: () => call(endpoints.latestOrder, {}, { overlay: true }),
  hasConsent: () => hasConsent(),
  uploadEnable: (orderNo) => call(endpoints.uploadEnable, { orderNo }, { overlay: true }),
  uploadStatus: (orderNo) => call(endpoints.uploadStatus, { orderNo }, { overlay: true }),
  packageList: () => call(endpoints.devicePackageList, {}, { overlay: true }),
  inApp: () => bridge.inApp,
  userId: () => useSession.getState().userInfo?.userId ?? null,
  timeSDK: (data) => bridge.call('timeSDK', data),
};
