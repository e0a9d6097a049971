/**
 * The HTTP client against a real local HTTP server that reads requests with the
 * contract's own server-side functions: proves the wire format, the headers, the
 * logout codes and network-failure handling end to end.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deriveKey, openParams, openPath, ErrorCode, endpoints } from '../../contract';
import { call, configureApi } from '../http';
import { ApiError, NETWORK_ERROR_CODE } from '../errors';
import { useSession } from '../../session/store';
import { useOverlay } from '../../runtime/overlay';
import type { UserInfo } from '../../contract/schemas/security';
import { checkSession, SESSION_CHECK_EVERY_MS } from '../../session/check';
import { toastsFor, useToasts } from '../../runtime/toast';

interface Seen {
  method: string;
  path: string;
  params: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

let server: http.Server;
let seen: Seen[] = [];
let answer: (s: Seen) => unknown = () => ({ code: 0, msg: 'ok', data: {} });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // jsdom's XHR is cross-origin here: answer CORS like the real server does
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Headers': 'authorization,packagename,appname,afid,lang,content-type',
        'Access-Control-Allow-Methods': 'GET,POST',
      });
      return res.end();
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const key = deriveKey(String(req.headers.packagename));
      const [, prefix, sealedPath] = url.pathname.split('/');
      let s: Seen;
      try {
        s = {
          method: req.method!,
          path: `/${prefix}` + openPath(key, sealedPath),
          params: openParams(key, Object.fromEntries(url.searchParams), body ? JSON.parse(body) : undefined),
          headers: req.headers,
        };
      } catch (e) {
        res.writeHead(400);
        return res.end(String(e));
      }
      seen.push(s);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(s)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  configureApi({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

afterAll(() => new Promise((r) => server.close(r)));

beforeEach(() => {
  seen = [];
  localStorage.clear();
  useSession.setState({ token: null, userInfo: null, language: 'en' });
});

const customerService = {
  phone: '042-111',
  email: 'help@example.pk',
  address: 'Lahore',
  hours: '9:00-18:00',
  hoursNote: 'except holidays',
  whatsapp: '923001234567',
};

const user: UserInfo = {
  userId: 1,
  mobile: '3001234567',
  maskedMobile: '0300****567',
  firstName: null,
  lastName: null,
  creditLimit: 0,
  availableLimit: 0,
  loanCount: 0,
  onTimeRepayments: 0,
  nextStep: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  progress: {
    basicInfo: false,
    idFront: false,
    idBack: false,
    face: false,
    imagesDone: false,
    nameMatches: true,
    additionInfo: false,
    bankCard: false,
    questionnaire: false,
  },
};

describe('HTTP client over the wire protocol', () => {
  it('seals path and params (with t) and sends the headers; GET has no body', async () => {
    useSession.setState({ token: { Authorization: 'Bearer tok123' }, language: 'es', afid: 'af-1' });
    answer = () => ({ code: 0, msg: 'ok', data: customerService });
    const before = Math.floor(Date.now() / 1000);
    const data = await call(endpoints.customerService, {});
    expect(data).toEqual(customerService);
    const [s] = seen;
    expect(s.method).toBe('GET');
    expect(s.path).toBe('/api/loanMarket/customer-service');
    expect(s.params.t).toBeGreaterThanOrEqual(before);
    expect(s.headers.authorization).toBe('Bearer tok123');
    expect(s.headers.lang).toBe('ur'); // any language other than en is ur on the wire
    expect(s.headers.packagename).toBe('pk.loanmarket.app');
    expect(s.headers.afid).toBe('af-1');
    expect(s.headers.appname).toBeTruthy();
  });

  it('POSTs the same sealed field in the body and fills path parameters', async () => {
    useSession.setState({ token: { Authorization: 'Bearer tok123' } });
    answer = () => ({ code: 0, msg: 'ok', data: { ok: true, orderNo: 'X1', status: 8 } });
    await call(endpoints.cancelOrder, { id: 'X1' } as never).catch(() => undefined);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].path).toBe('/api/loan/order/cancel/X1');
    expect(seen[0].params).not.toHaveProperty('id');
  });

  it.each([ErrorCode.notLoggedIn, ErrorCode.tokenExpired, ErrorCode.loggedInElsewhere, ErrorCode.tokenInvalid])(
    'code %i clears the stored session and logs out',
    async (code) => {
      useSession.setState({ token: { Authorization: 'Bearer old' }, userInfo: user });
      answer = () => ({ code, msg: 'please login again', data: null });
      await expect(call(endpoints.customerService, {})).rejects.toMatchObject({ code });
      expect(useSession.getState().token).toBeNull();
      expect(useSession.getState().userInfo).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
      expect(window.location.hash).toBe('#/');
    },
  );

  it('the message of a session refused shows on the screen log-out lands on (home), not only on the one left', async () => {
    window.location.hash = '#/user_center/settings';
    useSession.setState({ token: { Authorization: 'Bearer old' }, userInfo: user });
    answer = () => ({ code: ErrorCode.loggedInElsewhere, msg: 'The account is logged in from another device', data: null });
    await expect(call(endpoints.customerService, {})).rejects.toMatchObject({ code: ErrorCode.loggedInElsewhere });
    expect(window.location.hash).toBe('#/');
    expect(toastsFor(useToasts.getState().items, '/').map((t) => t.text)).toContain('The account is logged in from another device');
  });

  it('calls made together with a session ended elsewhere log out once and tell it once', async () => {
    window.location.hash = '#/user_center/settings';
    useSession.setState({ token: { Authorization: 'Bearer old' }, userInfo: user });
    useToasts.setState({ items: [] });
    answer = () => ({ code: ErrorCode.loggedInElsewhere, msg: 'The account is logged in from another device', data: null });
    const both = [call(endpoints.customerService, {}), call(endpoints.customerService, {})];
    for (const c of both) await expect(c).rejects.toMatchObject({ code: ErrorCode.loggedInElsewhere });
    expect(useToasts.getState().items.filter((t) => t.text === 'The account is logged in from another device')).toHaveLength(1);
  });

  it('a visitor without a session is not logged out nor sent home by "not logged in"', async () => {
    window.location.hash = '#/borrow/confirm_borrow';
    answer = () => ({ code: ErrorCode.notLoggedIn, msg: 'please log in', data: null });
    await expect(call(endpoints.customerService, {})).rejects.toMatchObject({ code: ErrorCode.notLoggedIn });
    expect(window.location.hash).toBe('#/borrow/confirm_borrow');
  });

  it('passes other error codes on without logging out, with the server message', async () => {
    useSession.setState({ token: { Authorization: 'Bearer keep' } });
    answer = () => ({ code: ErrorCode.validationFailed, msg: 'Check the fields', data: { fields: { mobile: 'validation.mobileInvalid' } } });
    const err = (await call(endpoints.customerService, {}).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('Check the fields');
    expect(err.fields).toEqual({ mobile: 'validation.mobileInvalid' });
    expect(useSession.getState().token).toEqual({ Authorization: 'Bearer keep' });
  });

  it('a network failure switches the overlay off and passes the error on', async () => {
    configureApi({ baseURL: 'http://127.0.0.1:9' }); // nothing listens on the discard port
    try {
      const err = (await call(endpoints.customerService, {}).catch((e) => e)) as ApiError;
      expect(err.network).toBe(true);
      expect(err.code).toBe(NETWORK_ERROR_CODE);
      expect(useOverlay.getState().pending).toBe(0);
    } finally {
      configureApi({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    }
  });

  it("the client's code failing to load (offline) is a network failure, and the next call loads it again", async () => {
    answer = () => ({ code: 0, msg: 'ok', data: customerService });
    await jest.isolateModulesAsync(async () => {
      let loads = 0;
      jest.doMock('axios', () => {
        if (++loads === 1) throw new Error('Loading chunk axios failed');
        return jest.requireActual('axios');
      });
      const fresh = (await import('../http')) as typeof import('../http');
      fresh.configureApi({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const err = (await fresh.call(endpoints.customerService, {}).catch((e) => e)) as ApiError;
      expect(err.network).toBe(true);
      expect(seen).toHaveLength(0);
      expect(await fresh.call(endpoints.customerService, {})).toEqual(customerService);
      expect(loads).toBe(2);
    });
    jest.dontMock('axios');
  });

  it('keeps the overlay up while a call is in flight', async () => {
    answer = () => ({ code: 0, msg: 'ok', data: customerService });
    const p = call(endpoints.customerService, {});
    expect(useOverlay.getState().pending).toBe(1);
    await p;
    expect(useOverlay.getState().pending).toBe(0);
  });

  describe('a stale t (requestStale)', () => {
    /** a server whose clock is `skewS` seconds ahead of this device and refuses t more than 300 s away from it */
    const skewedServer = (skewS: number) => (x: Seen) => {
      const serverTime = Math.floor(Date.now() / 1000) + skewS;
      return Math.abs(Number(x.params.t) - serverTime) > 300
        ? { code: ErrorCode.requestStale, msg: 'The request is out of date', data: { serverTime } }
        : { code: 0, msg: 'ok', data: customerService };
    };

    it('re-seals once with the server time and keeps that offset for later calls', async () => {
      answer = skewedServer(3600); // this device's clock is an hour slow
      expect(await call(endpoints.customerService, {})).toEqual(customerService);
      expect(seen).toHaveLength(2);
      const serverNow = Math.floor(Date.now() / 1000) + 3600;
      expect(Math.abs(Number(seen[1].params.t) - serverNow)).toBeLessThanOrEqual(2);
      await call(endpoints.customerService, {});
      expect(seen).toHaveLength(3); // no refusal: t is sealed on the server's time now
    });

    it('does not loop: a second stale answer is passed on', async () => {
      answer = () => ({ code: ErrorCode.requestStale, msg: 'The request is out of date', data: { serverTime: 1 } });
      const err = (await call(endpoints.customerService, {}).catch((e) => e)) as ApiError;
      expect(err.code).toBe(ErrorCode.requestStale);
      expect(seen).toHaveLength(2);
    });
  });
});

describe('checking the stored session when the app starts or comes back (a session ended elsewhere)', () => {
  const t0 = 1_000_000_000_000;
  it('asks nothing without a stored token', async () => {
    await checkSession(t0);
    expect(seen).toHaveLength(0);
  });

  it("asks the borrower's own info once; asks again only after a while; a live session stays, its info refreshed", async () => {
    useSession.setState({ token: { Authorization: 'Bearer live' }, userInfo: null });
    answer = () => ({ code: 0, msg: 'ok', data: user });
    await checkSession(t0);
    await checkSession(t0 + 1000);
    expect(seen.map((x) => [x.path, x.headers.authorization])).toEqual([['/api/security/getUserInfo', 'Bearer live']]);
    expect(useSession.getState().userInfo).toEqual(user);
    await checkSession(t0 + SESSION_CHECK_EVERY_MS);
    expect(seen).toHaveLength(2);
    expect(useSession.getState().token).toEqual({ Authorization: 'Bearer live' });
  });

  it('a session ended on another device is cleared at once, and the borrower told why on home', async () => {
    window.location.hash = '#/user_center/settings';
    useSession.setState({ token: { Authorization: 'Bearer ended' }, userInfo: user });
    answer = () => ({ code: ErrorCode.loggedInElsewhere, msg: 'The account is logged in from another device', data: null });
    await checkSession(t0 + 10 * SESSION_CHECK_EVERY_MS);
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(window.location.hash).toBe('#/');
    expect(toastsFor(useToasts.getState().items, '/').map((t) => t.text)).toContain('The account is logged in from another device');
  });
});
