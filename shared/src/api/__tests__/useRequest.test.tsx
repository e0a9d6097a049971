/** The answers several screens share (the market configuration): one request for many screens, per session, forgotten on log-out. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { endpoints } from '../../contract/endpoints';
import { useSession } from '../../session/store';
import { logout } from '../../session/actions';
import { useRequest } from '../useRequest';
import { call } from '../http';

jest.mock('../http', () => ({ call: jest.fn() }));
const mockedCall = call as jest.Mock;

function ConfigUser({ id }: { id: string }) {
  const cfg = useRequest(endpoints.marketConfig, {});
  return <p data-testid={id}>{cfg.data ? `${(cfg.data as { firstLoanCap: number }).firstLoanCap}` : cfg.error ? 'error' : 'loading'}</p>;
}

function Reloader() {
  const cfg = useRequest(endpoints.marketConfig, {});
  return <button onClick={cfg.reload}>{cfg.data ? `cap ${(cfg.data as { firstLoanCap: number }).firstLoanCap}` : 'loading'}</button>;
}

let served = 0;
beforeEach(() => {
  served = 0;
  mockedCall.mockReset();
  mockedCall.mockImplementation(async () => ({ firstLoanCap: 1000 + ++served }));
  act(() => useSession.setState({ token: { Authorization: 'Bearer a' }, language: 'en' }));
  act(() => logout({ navigate: false })); // starts every test with nothing kept
  act(() => useSession.setState({ token: { Authorization: 'Bearer a' } }));
});

describe('answers kept for the session (market configuration)', () => {
  it('two screens asking at once make one request', async () => {
    render(
      <>
        <ConfigUser id="a" />
        <ConfigUser id="b" />
      </>,
    );
    expect(await screen.findByText('1001', { selector: '[data-testid=a]' })).toBeInTheDocument();
    expect(screen.getByTestId('b')).toHaveTextContent('1001');
    expect(mockedCall).toHaveBeenCalledTimes(1);
  });

  it('a screen opened later gets the kept answer without a request', async () => {
    const first = render(<ConfigUser id="a" />);
    await screen.findByText('1001');
    first.unmount();
    render(<ConfigUser id="b" />);
    expect(screen.getByTestId('b')).toHaveTextContent('1001');
    await act(async () => undefined);
    expect(mockedCall).toHaveBeenCalledTimes(1);
  });

  it('log-out forgets it: the next screen asks again', async () => {
    const first = render(<ConfigUser id="a" />);
    await screen.findByText('1001');
    first.unmount();
    act(() => logout({ navigate: false }));
    render(<ConfigUser id="b" />);
    expect(await screen.findByText('1002')).toBeInTheDocument();
    expect(mockedCall).toHaveBeenCalledTimes(2);
  });

  it('another session or language does not get it', async () => {
    const first = render(<ConfigUser id="a" />);
    await screen.findByText('1001');
    first.unmount();
    act(() => useSession.setState({ token: { Authorization: 'Bearer b' } }));
    const second = render(<ConfigUser id="b" />);
    expect(await screen.findByText('1002')).toBeInTheDocument();
    second.unmount();
    act(() => useSession.setState({ language: 'ur' }));
    render(<ConfigUser id="c" />);
    expect(await screen.findByText('1003')).toBeInTheDocument();
  });

  it('reload asks anew, and a failure is not kept', async () => {
    render(<Reloader />);
    const button = await screen.findByText('cap 1001');
    act(() => button.click());
    expect(await screen.findByText('cap 1002')).toBeInTheDocument();

    mockedCall.mockImplementationOnce(async () => {
      throw new Error('offline');
    });
    act(() => logout({ navigate: false }));
    const failed = render(<ConfigUser id="f" />);
    await waitFor(() => expect(screen.getByTestId('f')).toHaveTextContent('error'));
    failed.unmount();
    render(<ConfigUser id="g" />);
    expect(await screen.findByText('1003')).toBeInTheDocument();
  });

  it('other calls are not kept', async () => {
    function Cards() {
      const r = useRequest(endpoints.bankList, {});
      return <p>{r.data ? 'cards' : 'loading'}</p>;
    }
    const first = render(<Cards />);
    await screen.findByText('cards');
    first.unmount();
    render(<Cards />);
    await screen.findByText('cards');
    expect(mockedCall).toHaveBeenCalledTimes(2);
  });
});
