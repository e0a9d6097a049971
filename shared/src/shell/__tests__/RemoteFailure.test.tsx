/**
 * A remote that could not load: with no network it is tried again by itself once the network is back; with one, the
 * borrower's "Try again" does it.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RemoteFailure } from '../RemoteScreen';
import { startI18n } from '../../i18n/setup';

startI18n();

let onLine: jest.SpyInstance<boolean, []>;
beforeEach(() => {
  jest.useFakeTimers();
  onLine = jest.spyOn(navigator, 'onLine', 'get');
});
afterEach(() => {
  onLine.mockRestore();
  jest.useRealTimers();
});

test('offline: tried again by itself once the network is back, once, although the screen renders again as it returns', () => {
  onLine.mockReturnValue(false);
  const onRetry = jest.fn();
  // a new onRetry at each render, as RemoteScreen passes it
  const { rerender } = render(<RemoteFailure onRetry={() => onRetry()} />);
  expect(screen.getByTestId('remote-error')).toHaveTextContent('Waiting for the network');
  onLine.mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  rerender(<RemoteFailure onRetry={() => onRetry()} />);
  expect(onRetry).not.toHaveBeenCalled(); // the network settles first
  act(() => {
    jest.advanceTimersByTime(1_000);
  });
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('failed with a network: nothing by itself; "Try again" tries again', () => {
  onLine.mockReturnValue(true);
  const onRetry = jest.fn();
  render(<RemoteFailure onRetry={onRetry} />);
  act(() => {
    window.dispatchEvent(new Event('online'));
    jest.advanceTimersByTime(5_000);
  });
  expect(onRetry).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});
