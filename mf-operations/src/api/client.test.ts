import { createStaffClient, StaffApiError, type ClientOptions } from './client';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(answer: (url: string, init: RequestInit) => Response | Promise<Response>, over: Partial<ClientOptions> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const onSessionEnd = jest.fn();
  const c = createStaffClient({
    origin: 'http://api.test',
    lang: () => 'ur',
    token: () => 'tok',
    onSessionEnd,
    messages: (lang) => ({ network: `network ${lang}`, badAnswer: `bad ${lang}` }),
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer(url, init);
    }) as typeof fetch,
    ...over,
  });
  return { c, calls, onSessionEnd };
}

async function refusal(p: Promise<unknown>): Promise<StaffApiError> {
  try {
    await p;
  } catch (e) {
    return e as StaffApiError;
  }
  throw new Error('expected a refusal');
}

test('sends the Bearer token, the language and JSON under /staff', async () => {
  const { c, calls } = client(() => json(200, { ok: true }));
  await c.post('/proofs/7/reject', { reason: 'no such payment' });
  expect(calls[0].url).toBe('http://api.test/staff/proofs/7/reject');
  expect(calls[0].init.method).toBe('POST');
  expect(calls[0].init.headers).toMatchObject({ authorization: 'Bearer tok', lang: 'ur', 'content-type': 'application/json' });
  expect(JSON.parse(String(calls[0].init.body))).toEqual({ reason: 'no such payment' });
});

test('leaves empty query values out', async () => {
  const { c, calls } = client(() => json(200, { proposals: [] }));
  await c.get('/proposals', { status: 'pending', orderNo: '', x: undefined });
  expect(calls[0].url).toBe('http://api.test/staff/proposals?status=pending');
});

test("a refusal carries the API's message (in the language asked), its name and its data", async () => {
  const { c, onSessionEnd } = client(() => json(403, { error: 'ownProposal', message: 'آپ کی اپنی تجویز', extra: 1 }));
  const e = await refusal(c.post('/proposals/3/approve'));
  expect(e).toBeInstanceOf(StaffApiError);
  expect([e.status, e.error, e.message, e.data]).toEqual([403, 'ownProposal', 'آپ کی اپنی تجویز', { extra: 1 }]);
  expect(onSessionEnd).not.toHaveBeenCalled();
});

test('field complaints of invalidInput are read by name', async () => {
  const { c } = client(() => json(400, { error: 'invalidInput', message: 'Some fields', fields: { reason: 'Too small' } }));
  const e = await refusal(c.post('/proofs/1/reject', { reason: 'x' }));
  expect(e.field('reason')).toBe('Too small');
  expect(e.field('amount')).toBeUndefined();
});

test.each(['sessionEnded', 'notSignedIn'])('401 %s while signed in ends the session with the refusal', async (error) => {
  const { c, onSessionEnd } = client(() => json(401, { error, message: 'Your session has ended', reason: 'idle' }));
  const e = await refusal(c.get('/me'));
  expect(onSessionEnd).toHaveBeenCalledTimes(1);
  expect(onSessionEnd.mock.calls[0][0]).toBe(e);
  expect(e.data).toEqual({ reason: 'idle' });
});

test('a refused sign-in (no token yet) is not a session end', async () => {
  const { c, onSessionEnd } = client(() => json(401, { error: 'signInFailed', message: 'Wrong username, password or code' }), { token: () => null });
  const e = await refusal(c.post('/session', { username: 'a', password: 'b', totp: '123456' }));
  expect(e.error).toBe('signInFailed');
  expect(onSessionEnd).not.toHaveBeenCalled();
});

test('another 401 or a 403 does not end the session', async () => {
  const { c, onSessionEnd } = client(() => json(403, { error: 'forbidden', message: 'Your role may not do this', role: 'agent' }));
  await refusal(c.get('/audit'));
  expect(onSessionEnd).not.toHaveBeenCalled();
});

test('no answer: a network refusal in the console language', async () => {
  const { c } = client(() => {
    throw new TypeError('Failed to fetch');
  });
  const e = await refusal(c.get('/proofs'));
  expect([e.status, e.error, e.message]).toEqual([0, 'network', 'network ur']);
});

test("an answer that is not the API's refusal (a proxy's HTML page) says so", async () => {
  const { c, onSessionEnd } = client(() => new Response('<html>502 Bad Gateway</html>', { status: 502 }));
  const e = await refusal(c.get('/proofs'));
  expect([e.status, e.error, e.message]).toEqual([502, 'badAnswer', 'bad ur']);
  expect(onSessionEnd).not.toHaveBeenCalled();
});
