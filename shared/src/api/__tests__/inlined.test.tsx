/** A pre-rendered page's inlined answers (platform/src/prerender/): the first render shows them, the API is asked anew, never with a session. */
import { act, render, screen } from '@testing-library/react';
import { endpoints } from '../../contract/endpoints';
import { useSession } from '../../session/store';
import { logout } from '../../session/actions';
import { useRequest } from '../useRequest';
import { call } from '../http';
import { recordInlined, seedInlined } from '../inlined';

jest.mock('../http', () => ({ call: jest.fn() }));
const mockedCall = call as jest.Mock;

function Lent() {
  const r = useRequest(endpoints.lendingRecord, {});
  return <p data-testid="lent">{r.data ? String((r.data as { loans: number }).loans) : 'loading'}</p>;
}

beforeEach(() => {
  mockedCall.mockReset();
  mockedCall.mockImplementation(async () => ({ days: 7, loans: 9, amount: 1 }));
  act(() => logout({ navigate: false }));
  seedInlined({});
});

it("the first render shows the page's answer, then the API's", async () => {
  seedInlined({ 'lendingRecord|{}': { days: 7, loans: 3, amount: 1 } });
  const seen: string[] = [];
  const { container } = render(<Lent />);
  seen.push(container.textContent!);
  expect(seen[0]).toBe('3'); // no skeleton: the markup the page arrived with
  expect(await screen.findByText('9')).toBeInTheDocument();
  expect(mockedCall).toHaveBeenCalledTimes(1);
});

it('taken once: a later screen asks the API', async () => {
  seedInlined({ 'lendingRecord|{}': { days: 7, loans: 3, amount: 1 } });
  const first = render(<Lent />);
  await screen.findByText('9');
  first.unmount();
  mockedCall.mockImplementation(() => new Promise(() => undefined));
  render(<Lent />);
  expect(screen.getByTestId('lent')).toHaveTextContent('loading');
});

it('never with a session: a borrower waits for their own answer', () => {
  act(() => useSession.setState({ token: { Authorization: 'Bearer b' } }));
  seedInlined({ 'lendingRecord|{}': { days: 7, loans: 3, amount: 1 } });
  mockedCall.mockImplementation(() => new Promise(() => undefined));
  render(<Lent />);
  expect(screen.getByTestId('lent')).toHaveTextContent('loading');
});

it("records a visitor's answers while the page is pre-rendered, none with a session", async () => {
  const recorded = recordInlined();
  const first = render(<Lent />);
  await screen.findByText('9');
  expect(recorded).toEqual({ 'lendingRecord|{}': { days: 7, loans: 9, amount: 1 } });
  first.unmount();
  delete recorded['lendingRecord|{}'];
  act(() => useSession.setState({ token: { Authorization: 'Bearer b' } }));
  render(<Lent />);
  await screen.findByText('9');
  expect(recorded).toEqual({});
});
