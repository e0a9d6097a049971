/** The upload-time gate of spec section 4, branch by branch. */
import { runUploadGate } from './uploadGate';
import type { GateDeps } from './uploadGateDeps';

const allFlags = { appList: true, sms: true, exif: true, device: true, contact: true, location: true };
const gate = (enable: boolean, flags: Partial<typeof allFlags> = allFlags) => ({
  enableTimeSdk: enable,
  message: '',
  ...{ appList: false, sms: false, exif: false, device: false, contact: false, location: false },
  ...flags,
});

function deps(over: Partial<GateDeps> = {}): GateDeps & { timeSDK: jest.Mock } {
  return {
    latestOrder: async () => ({ order: { orderNo: 'LM1', status: 6 } }),
    hasConsent: async () => true,
    packageList: async () => ({ enabled: false, packages: [] }),
    uploadEnable: async () => gate(true),
    uploadStatus: async () => gate(true),
    inApp: () => true,
    userId: () => 7,
    timeSDK: jest.fn(async () => ({ ok: true })),
    ...over,
  } as GateDeps & { timeSDK: jest.Mock };
}

describe('upload-time gate', () => {
  it('passes when there is no order being completed', async () => {
    expect(await runUploadGate('s', deps({ latestOrder: async () => ({ order: null }) }))).toEqual({ pass: true });
    expect(await runUploadGate('s', deps({ latestOrder: async () => ({ order: { orderNo: 'x', status: 2 } }) }))).toEqual({ pass: true });
  });
  it('passes when data collection is not enabled for the order', async () => {
    const d = deps({ uploadEnable: async () => gate(false, {}), uploadStatus: async () => gate(false, {}) });
    expect(await runUploadGate('s', d)).toEqual({ pass: true });
    expect(d.timeSDK).not.toHaveBeenCalled();
  });
  it('passes when all six flags are set', async () => {
    const d = deps();
    expect(await runUploadGate('s', d)).toEqual({ pass: true });
    expect(d.timeSDK).not.toHaveBeenCalled();
  });
  it('asks the native app to run timeSDK with step, orderNo, userId, isSubmit and the flags when one is missing', async () => {
    const d = deps({ uploadStatus: async () => gate(true, { ...allFlags, sms: false }) });
    expect(await runUploadGate('personalInfomation', d)).toEqual({ pass: true });
    expect(d.timeSDK).toHaveBeenCalledWith({
      step: 'personalInfomation',
      orderNo: 'LM1',
      userId: 7,
      isSubmit: true,
      flags: { ...allFlags, sms: false },
      packages: [],
    });
  });
  it('sends the native task the lending apps the server wants reported (device packageList), none when the market does not ask', async () => {
    const packages = ['com.easypaisa.loan', 'pk.barwaqt'];
    const d = deps({ uploadStatus: async () => gate(true, { ...allFlags, appList: false }), packageList: async () => ({ enabled: true, packages }) });
    expect(await runUploadGate('s', d)).toEqual({ pass: true });
    expect(d.timeSDK.mock.calls[0][0]).toMatchObject({ packages });
    const off = deps({ uploadStatus: async () => gate(true, { ...allFlags, appList: false }), packageList: async () => ({ enabled: false, packages }) });
    await runUploadGate('s', off);
    expect(off.timeSDK.mock.calls[0][0]).toMatchObject({ packages: [] });
    const failed = deps({
      uploadStatus: async () => gate(true, { ...allFlags, appList: false }),
      packageList: async () => {
        throw new Error('network');
      },
    });
    expect(await runUploadGate('s', failed)).toEqual({ pass: false, reason: 'checkFailed' });
    expect(failed.timeSDK).not.toHaveBeenCalled();
  });
  it('sends the borrower to agree to the device permissions before anything is asked or collected', async () => {
    const uploadEnable = jest.fn(async () => gate(true));
    const d = deps({ hasConsent: async () => false, uploadEnable });
    expect(await runUploadGate('s', d)).toEqual({ pass: false, reason: 'consent' });
    expect(uploadEnable).not.toHaveBeenCalled();
    expect(d.timeSDK).not.toHaveBeenCalled();
    // no order being completed: nothing to collect, no agreement needed for the step
    expect(await runUploadGate('s', deps({ hasConsent: async () => false, latestOrder: async () => ({ order: null }) }))).toEqual({ pass: true });
  });
  it('blocks when the native task fails or times out', async () => {
    const missing = async () => gate(true, { ...allFlags, contact: false });
    expect(await runUploadGate('s', deps({ uploadStatus: missing, timeSDK: jest.fn(async () => ({ ok: false })) }))).toEqual({
      pass: false,
      reason: 'collectionFailed',
    });
    expect(
      await runUploadGate(
        's',
        deps({
          uploadStatus: missing,
          timeSDK: jest.fn(async () => {
            throw new Error('timeout');
          }),
        }),
      ),
    ).toEqual({ pass: false, reason: 'collectionFailed' });
  });
  it("blocks with 'please run in app' in a plain browser when collection is required", async () => {
    const d = deps({ inApp: () => false, uploadStatus: async () => gate(true, { ...allFlags, location: false }) });
    expect(await runUploadGate('s', d)).toEqual({ pass: false, reason: 'runInApp' });
  });
  it('blocks when the check itself fails', async () => {
    expect(
      await runUploadGate(
        's',
        deps({
          uploadEnable: async () => {
            throw new Error('network');
          },
        }),
      ),
    ).toEqual({ pass: false, reason: 'checkFailed' });
  });
});
