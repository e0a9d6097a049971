/** A 'busy' answer to the selfie is sent again by itself, with the wait shown (en and ur); any other refusal is not. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError, call, ErrorCode, errorMessage, i18n, registerResources, startI18n } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { PhotoTile } from './PhotoTile';
import { MAX_BUSY_RETRIES, usePhotoUpload } from './usePhotoUpload';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), call: jest.fn() }));
jest.mock('shared/ui', () => ({ ...jest.requireActual('shared/ui'), compressImage: jest.fn(async (f: Blob) => f) }));
const mockedCall = call as jest.MockedFunction<typeof call>;
startI18n();
registerResources('onboarding', { en, ur });

function Selfie() {
  const p = usePhotoUpload('face', false);
  return <PhotoTile kind="face" state={p.state} canTake={() => true} onFile={(f) => void p.take(f)} onRetry={() => void p.retry()} />;
}
const busy = () => new ApiError(ErrorCode.faceBusy, errorMessage(ErrorCode.faceBusy, 'en'), { retryAfterMs: 3000 });
const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
const takePhoto = () => act(async () => fireEvent.change(screen.getByTestId('file-face'), { target: { files: [photo] } }));
const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));
const withTry = (s: string, n: number) => s.replace('{{n}}', String(n));

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:selfie');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  jest.useFakeTimers();
  mockedCall.mockReset();
});
afterEach(async () => {
  jest.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('selfie upload under load', () => {
  it('sends the same photo again after the wait the busy answer gives, showing it, until it is accepted', async () => {
    mockedCall
      .mockRejectedValueOnce(busy())
      .mockRejectedValueOnce(busy())
      .mockResolvedValueOnce({} as never);
    render(<Selfie />);
    await takePhoto();
    expect(mockedCall).toHaveBeenCalledTimes(1);
    expect(screen.getByText(withTry(en.idcard.busyRetry, 2))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await wait(2999);
    expect(mockedCall).toHaveBeenCalledTimes(1);
    await wait(1);
    expect(mockedCall).toHaveBeenCalledTimes(2);
    expect(screen.getByText(withTry(en.idcard.busyRetry, 3))).toBeTruthy();
    await wait(3000);
    expect(mockedCall).toHaveBeenCalledTimes(3);
    expect(screen.getByText(en.idcard.uploaded)).toBeTruthy();
    for (const [, , opts] of mockedCall.mock.calls) expect(opts?.file).toBe(photo);
  });

  it('shows the wait in Urdu', async () => {
    await i18n.changeLanguage('ur');
    mockedCall.mockRejectedValueOnce(busy()).mockResolvedValueOnce({} as never);
    render(<Selfie />);
    await takePhoto();
    expect(screen.getByText(withTry(ur.idcard.busyRetry, 2))).toBeTruthy();
    await wait(3000);
    expect(screen.getByText(ur.idcard.uploaded)).toBeTruthy();
  });

  it('a refused photo (no face) is not sent again; busy without end stops after MAX_BUSY_RETRIES and asks the borrower', async () => {
    mockedCall.mockRejectedValueOnce(new ApiError(ErrorCode.faceMissing, errorMessage(ErrorCode.faceMissing, 'en')));
    const first = render(<Selfie />);
    await takePhoto();
    await wait(10_000);
    expect(mockedCall).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe(errorMessage(ErrorCode.faceMissing, 'en'));
    first.unmount();

    mockedCall.mockReset();
    mockedCall.mockRejectedValue(busy());
    render(<Selfie />);
    await takePhoto();
    for (let i = 0; i < MAX_BUSY_RETRIES + 5; i++) await wait(3000);
    expect(mockedCall).toHaveBeenCalledTimes(MAX_BUSY_RETRIES + 1);
    expect(screen.getByRole('alert').textContent).toBe(errorMessage(ErrorCode.faceBusy, 'en'));
    expect(screen.getByRole('button', { name: en.idcard.retryUpload })).toBeTruthy();
  });
});
