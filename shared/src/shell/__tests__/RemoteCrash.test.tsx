/**
 * A remote's screen that throws once its code loaded is a crash, not a load that failed: told to the loader (which
 * reports it), said so to the borrower, and "Try again" runs what the loader answers then (the host: the last good
 * release), with that release's words, not the crashed one's.
 */
import { useEffect, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { RemoteScreen, type RemoteLoader } from '../RemoteScreen';
import { startI18n } from '../../i18n/setup';
import type { RemoteModule } from '../remote-module';
import type { RouteEntry } from '../../routes/registry';

startI18n();

const route: RouteEntry = { name: 'repayDetail', path: '/repay/repay_detail', remote: 'mf_repay' };

/** a release of mf_repay whose screen shows its title, and `crash`es a moment after mounting (an effect's error) */
function release(title: string, crash = false): RemoteModule {
  function Detail() {
    const { t } = useTranslation('repay');
    const [broken, setBroken] = useState(false);
    useEffect(() => {
      if (crash) setBroken(true);
    }, []);
    if (broken) throw new Error('repay detail broken on purpose');
    return (
      <main>
        <h1>{t('title')}</h1>
      </main>
    );
  }
  return { remote: 'mf_repay', namespace: 'repay', resources: { en: { title }, ur: { title } }, screens: { repayDetail: Detail }, routes: [route] };
}

test('a crash after mounting: reported once to the loader, "stopped working", and the retry runs the previous release with its own words', async () => {
  const crashed = jest.fn(() => true);
  const calls: { retry?: boolean }[] = [];
  const loader: RemoteLoader = Object.assign(
    async (_remote: string, opts: { retry?: boolean } = {}) => {
      calls.push(opts);
      return opts.retry ? release('Repayment details') : release('Repayment details (crashing)', true);
    },
    { crashed },
  );
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // the boundary's and React's lines
  await act(async () => void render(<RemoteScreen route={route} loader={loader} />));
  const crash = await screen.findByTestId('remote-crash');
  expect(crash).toHaveTextContent('This part of the app stopped working');
  expect(crash).toHaveTextContent('Try again to open its previous version.');
  expect(crash).not.toHaveTextContent(/network/i);
  expect(crashed).toHaveBeenCalledTimes(1);
  expect(crashed).toHaveBeenCalledWith('mf_repay', expect.objectContaining({ message: 'repay detail broken on purpose' }));

  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
  expect(await screen.findByRole('heading', { name: 'Repayment details' })).toBeInTheDocument();
  expect(screen.queryByText('Repayment details (crashing)')).toBeNull();
  expect(calls).toEqual([{ retry: false }, { retry: true }]);
});

test('a load that fails is not a crash: "could not load", nothing told to the loader, no word of a network that worked', async () => {
  const crashed = jest.fn(() => true);
  const loader: RemoteLoader = Object.assign(async () => Promise.reject(new Error('remote mf_repay is unavailable')), { crashed });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => void render(<RemoteScreen route={{ ...route, remote: 'mf_loan' }} loader={loader} />));
  const failed = await screen.findByTestId('remote-error');
  expect(failed).toHaveTextContent('This part of the app could not load');
  expect(failed).toHaveTextContent('Please try again.');
  expect(failed).not.toHaveTextContent(/network/i);
  expect(crashed).not.toHaveBeenCalled();
});
