import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { sessionStore } from '../../api/session';
import { i18n, setLang, startI18n } from '../../shell/i18n';
import SignInScreen, { safeRedirect } from './SignInScreen';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: jest.Mock;

beforeAll(() => startI18n());
beforeEach(async () => {
  sessionStorage.clear();
  sessionStore.end();
  await setLang('en');
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock;
});

function renderAt(url: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/sign-in" element={<SignInScreen />} />
          <Route path="/proofs" element={<p>proofs queue</p>} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

async function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ayesha' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
  fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
}

test("a locked account: the API's message and until when; what was typed stays", async () => {
  fetchMock.mockResolvedValue(
    answer(423, {
      error: 'accountLocked',
      message: 'Too many wrong tries: the account is locked until 2026-11-28T10:15:00.000Z',
      lockedUntil: '2026-11-28T10:15:00.000Z',
    }),
  );
  renderAt('/sign-in');
  await fillAndSubmit();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Too many wrong tries: the account is locked until');
  expect(alert).toHaveTextContent(/Locked until 2026-11-28/);
  expect(screen.getByLabelText('Username')).toHaveValue('ayesha');
  expect(screen.getByLabelText('Password')).toHaveValue('correct horse battery');
  expect(screen.getByLabelText('6-digit code')).toHaveValue('123456');
  expect(sessionStore.get().session).toBeNull();
});

test('sends the three together in the chosen language and goes where it was asked to', async () => {
  await setLang('ur');
  fetchMock.mockResolvedValue(
    answer(200, { token: 't1', staff: { id: 1, username: 'ayesha', name: 'Ayesha', role: 'agent' }, idleMinutes: 15, expiresAt: '2026-11-28T18:00:00Z' }),
  );
  renderAt('/sign-in?redirect=%2Fproofs');
  fireEvent.change(screen.getByLabelText('صارف نام'), { target: { value: 'ayesha' } });
  fireEvent.change(screen.getByLabelText('پاس ورڈ'), { target: { value: 'pw' } });
  fireEvent.change(screen.getByLabelText('6 ہندسوں کا کوڈ'), { target: { value: '654321' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'سائن ان' })));
  expect(await screen.findByText('proofs queue')).toBeInTheDocument();
  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toMatch(/\/staff\/session$/);
  expect(init.headers.lang).toBe('ur');
  expect(JSON.parse(init.body)).toEqual({ username: 'ayesha', password: 'pw', totp: '654321' });
  expect(JSON.parse(sessionStorage.getItem('ops.session')!).token).toBe('t1');
});

test('a session the API ended shows why on sign-in', async () => {
  sessionStore.end('Your session has ended, please sign in again');
  renderAt('/sign-in');
  expect(screen.getByRole('status')).toHaveTextContent('Your session has ended, please sign in again');
});

test.each([
  ['/proofs?id=3', '/proofs?id=3'],
  [null, '/'],
  ['//evil.example/x', '/'],
  ['https://evil.example/', '/'],
])('redirect %p goes to %p', (r, to) => expect(safeRedirect(r)).toBe(to));
