/** Login/register rules: code flow, resend countdown, agreement before registering, already registered. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createHash } from 'node:crypto';
import { ApiError, ErrorCode, call, completeLogin, registerResources, startI18n } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import LoginScreen from './LoginScreen';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), call: jest.fn(), completeLogin: jest.fn() }));
// the market profile's risk warning before the form has its own test (RiskWarning.test.tsx)
jest.mock('./RiskWarning', () => ({ RiskWarningGate: ({ children }: { children: unknown }) => children, sendRiskAcknowledgement: async () => undefined }));
const mockedCall = call as jest.MockedFunction<typeof call>;
startI18n();
registerResources('onboarding', { en, ur });
const l = en.login;

type Handler = (params: Record<string, unknown>) => unknown;
function api(handlers: Record<string, Handler>) {
  mockedCall.mockImplementation((async (endpoint: { path: string }, params: Record<string, unknown>) => {
    const h = handlers[endpoint.path];
    if (!h) throw new Error(`unexpected call ${endpoint.path}`);
    return h(params);
  }) as never);
}
const codeSent = () => ({ sent: true, channel: 'sms', resendAfterSeconds: 60, expiresInSeconds: 600 });
const session = { token: 'tkn', authorization: 'Bearer tkn', expiresAt: '', user: { userId: 1 } };

function setup(intent: 'login' | 'register' = 'login', url = '/user/login') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <LoginScreen intent={intent} />
    </MemoryRouter>,
  );
}
async function getCode(mobile = '03001234567') {
  fireEvent.change(screen.getByLabelText(l.mobile), { target: { value: mobile } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: l.getCode })));
}

beforeEach(() => {
  localStorage.clear();
  mockedCall.mockReset();
  (completeLogin as jest.Mock).mockReset();
});

describe('LoginScreen', () => {
  it('a challenge asked by the server is shown, solved on the phone and the code asked again with the solution', async () => {
    const challenge = '1900000000.8.abc.def';
    api({
      '/security/getVerifyCode': (p) => {
        if (!p.solution) throw new ApiError(ErrorCode.challengeRequired, 'Many codes were asked', { challenge, bits: 8 });
        const digest = createHash('sha256')
          .update(`${challenge}:${String(p.solution)}`)
          .digest();
        if (digest[0] !== 0) throw new Error('not solved');
        return codeSent();
      },
    });
    setup();
    fireEvent.change(screen.getByLabelText(l.mobile), { target: { value: '03001234567' } });
    fireEvent.click(screen.getByRole('button', { name: l.getCode }));
    expect(await screen.findByTestId('login-checking')).toHaveTextContent('short check');
    await waitFor(() => expect(screen.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled(), { timeout: 10_000 });
    expect(mockedCall).toHaveBeenCalledTimes(2);
    expect(mockedCall).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ challenge, solution: expect.stringMatching(/^\d+$/) }));
    expect(screen.queryByTestId('login-checking')).toBeNull();
  });

  it('requires the mobile number (and checks its format) before asking for a code', async () => {
    setup();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: l.getCode })));
    expect(screen.getByText('Mobile number cannot be empty')).toBeInTheDocument();
    await getCode('12345');
    expect(screen.getByText(/Please enter a valid mobile number/)).toBeInTheDocument();
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it('asking for a code never looks the number up, and the resend countdown survives a remount', async () => {
    api({ '/security/getVerifyCode': codeSent });
    setup();
    await getCode();
    expect(mockedCall).toHaveBeenCalledTimes(1);
    expect(mockedCall).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/security/getVerifyCode' }), {
      mobile: '3001234567',
      type: 'login',
      channel: 'sms',
    });
    expect(screen.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  });

  it('offline: says so (not "reload the page") and sends the code by itself when the network is back', async () => {
    let online = false;
    api({
      '/security/getVerifyCode': () => {
        if (!online) throw new ApiError(-1, 'network failed, please reload the page', null, true);
        return codeSent();
      },
    });
    setup();
    await getCode();
    expect(screen.getByRole('alert')).toHaveTextContent(l.offline);
    expect(screen.queryByText('network failed, please reload the page')).toBeNull();
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    // sent again a moment after the phone says it is online (runtime/online.ts)
    await waitFor(() => expect(mockedCall).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(screen.queryByText(l.offline)).toBeNull();
    expect(screen.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  });

  it('asks for the code by voice call', async () => {
    api({ '/security/getVerifyCode': codeSent });
    setup();
    fireEvent.change(screen.getByLabelText(l.mobile), { target: { value: '03001234567' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: l.voice })));
    expect(mockedCall).toHaveBeenLastCalledWith(expect.anything(), { mobile: '3001234567', type: 'login', channel: 'voice' });
  });

  it('logging in needs the agreement too; a new number then registers with the same code, told once it is verified', async () => {
    const notRegistered = () => {
      throw new ApiError(200107, 'not registered');
    };
    api({ '/security/getVerifyCode': codeSent, '/security/login': notRegistered, '/security/register': () => session });
    setup();
    await getCode();
    fireEvent.change(screen.getByLabelText(l.code), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: l.login })));
    expect(screen.getAllByText(l.agreeRequired).length).toBeGreaterThan(0);
    expect(mockedCall).not.toHaveBeenCalledWith(expect.objectContaining({ path: '/security/login' }), expect.anything());
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: l.login })));
    expect(mockedCall).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/security/register' }), { mobile: '3001234567', code: '123456' });
    expect(completeLogin).toHaveBeenCalledWith('tkn', { userId: 1 }, null);
  });

  it('with the agreement already accepted, a new number registers in one press', async () => {
    api({
      '/security/getVerifyCode': codeSent,
      '/security/login': () => {
        throw new ApiError(200107, 'not registered');
      },
      '/security/register': () => session,
    });
    setup();
    await getCode();
    fireEvent.change(screen.getByLabelText(l.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: l.login })));
    expect(completeLogin).toHaveBeenCalledWith('tkn', { userId: 1 }, null);
  });

  it('a known number logs in (agreement accepted), and the redirect is passed on', async () => {
    api({ '/security/getVerifyCode': codeSent, '/security/login': () => session });
    setup('login', '/user/login?redirect=%2Fauth%2Floan_question');
    await getCode();
    fireEvent.change(screen.getByLabelText(l.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: l.login })));
    expect(completeLogin).toHaveBeenCalledWith('tkn', { userId: 1 }, '/auth/loan_question');
  });

  it('an invalid code is shown at the code field', async () => {
    api({
      '/security/getVerifyCode': codeSent,
      '/security/login': () => {
        throw new ApiError(200102, 'Invalid verification code');
      },
    });
    setup();
    await getCode();
    fireEvent.change(screen.getByLabelText(l.code), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: l.login })));
    expect(screen.getByLabelText(l.code)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invalid verification code')).toBeInTheDocument();
  });

  it("user/register: a registered number is told 'please login directly' and logs in with the same code", async () => {
    api({
      '/security/getVerifyCode': codeSent,
      '/security/register': () => {
        throw new ApiError(200106, 'registered');
      },
      '/security/login': () => session,
    });
    setup('register', '/user/register');
    await getCode();
    expect(mockedCall).toHaveBeenLastCalledWith(expect.anything(), { mobile: '3001234567', type: 'register', channel: 'sms' });
    fireEvent.change(screen.getByLabelText(l.code), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: l.register })));
    expect(screen.getByText(l.alreadyRegistered)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: l.login })));
    expect(mockedCall).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/security/login' }), { mobile: '3001234567', code: '123456' });
    expect(completeLogin).toHaveBeenCalledWith('tkn', { userId: 1 }, null);
  });
});
