import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { StaffRole } from 'shared/staff';
import { sessionStore } from '../api/session';
import type { Claim } from '../api/types';
import { ClaimBar } from './claims';
import { i18n, setLang, startI18n } from './i18n';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const theirs: Claim = { by: 'Ayesha Khan', username: 'ayesha', until: '2026-11-29T10:30:00.000Z', mine: false };
let fetchMock: jest.Mock;

beforeAll(() => startI18n());
beforeEach(async () => {
  await setLang('en');
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock;
});
const as = (role: StaffRole) =>
  sessionStore.signedIn({ token: 't', staff: { id: 9, username: 'me', name: 'Me', role }, expiresAt: '2026-11-30T00:00:00.000Z', idleMinutes: 30 });
const show = (listed: Claim | null, onChange = jest.fn()) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ClaimBar path="/proofs/12" listed={listed} onChange={onChange} />
    </I18nextProvider>,
  );
const posted = () => fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => `${init.method} ${url}`);

test('an item nobody works on is claimed when opened; the holder may let it go', async () => {
  as('agent');
  const mine: Claim = { ...theirs, by: 'Me', username: 'me', mine: true };
  fetchMock.mockResolvedValueOnce(answer(200, { claim: mine })).mockResolvedValueOnce(answer(200, { released: true }));
  const onChange = jest.fn();
  await act(async () => show(null, onChange));
  expect(posted()).toEqual(['POST /staff/proofs/12/claim']);
  expect(await screen.findByText(/^You are working on this until/)).toBeInTheDocument();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Let it go' })));
  expect(posted()).toEqual(['POST /staff/proofs/12/claim', 'POST /staff/proofs/12/release']);
  expect(onChange).toHaveBeenCalledTimes(2);
  expect(screen.getByRole('button', { name: 'Work on this' })).toBeInTheDocument();
});

test("another member's item: who and until when, never claimed by opening; only a supervisor may take it over", async () => {
  as('agent');
  const { unmount } = show(theirs);
  expect(screen.getByText(/^\u2068Ayesha Khan\u2069 is working on this until/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Take over' })).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
  unmount();

  as('supervisor');
  fetchMock.mockResolvedValueOnce(answer(200, { claim: { ...theirs, by: 'Me', username: 'me', mine: true } }));
  show(theirs);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Take over' })));
  expect(posted()).toEqual(['POST /staff/proofs/12/takeover']);
  expect(screen.getByText(/^You are working on this until/)).toBeInTheDocument();
});

test("a refusal (someone claimed it first) is shown in the API's words", async () => {
  as('agent');
  fetchMock.mockResolvedValueOnce(answer(409, { error: 'claimedByOther', message: 'Ayesha Khan is working on this item until 15:30', claim: theirs }));
  await act(async () => show(null));
  expect(await screen.findByRole('alert')).toHaveTextContent('Ayesha Khan is working on this item until 15:30');
});
