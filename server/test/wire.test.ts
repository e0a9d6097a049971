import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { serverForFile, register, KEY, JPEG, pngClaiming } from './helpers';
import C from '../src/api/contract';

const { ErrorCode: E, seal, open, sealRequest, DEFAULT_PACKAGE_NAME, endpoints } = C;
let token: string;
const { srv, call } = serverForFile(
  { authRateLimitMax: 8, uploadMaxBytes: 64 * 1024, bodyLimit: 32 * 1024 },
  {
    setup: async () => {
      token = (await register(call)).token;
    },
  },
);

// an independent implementation of the wire cipher with node:crypto
const nodeKey = Buffer.from((DEFAULT_PACKAGE_NAME + '0000000000000000').slice(0, 16), 'utf8');
function nodeSeal(text: string): string {
  const iv = crypto.randomBytes(16);
  const c = crypto.createCipheriv('aes-128-cbc', nodeKey, iv);
  return Buffer.concat([iv, c.update(text, 'utf8'), c.final()]).toString('base64url');
}
function nodeOpen(token: string): string {
  const all = Buffer.from(token, 'base64url');
  const d = crypto.createDecipheriv('aes-128-cbc', nodeKey, all.subarray(0, 16));
  return Buffer.concat([d.update(all.subarray(16)), d.final()]).toString('utf8');
}

test('cipher interoperates with an independent node:crypto implementation', () => {
  for (const text of ['', 'a', '/security/login', '{"t":1,"name":"علی"}', 'x'.repeat(1000)]) {
    assert.equal(nodeOpen(seal(text, KEY)), text);
    assert.equal(open(nodeSeal(text), KEY), text);
    assert.ok(!seal(text, KEY).includes('='));
  }
});

async function raw(url: string, init: RequestInit = {}, headers: Record<string, string> = { packageName: DEFAULT_PACKAGE_NAME }) {
  const r = await fetch(srv.base + url, { ...init, headers: { ...headers, ...((init.headers as Record<string, string>) ?? {}) } });
  const text = await r.text();
  let j: any;
  try {
    j = JSON.parse(text);
  } catch {
    j = { text };
  }
  return { status: r.status, ...j };
}

test('a request sealed by the independent implementation is served', async () => {
  const path = nodeSeal('/loanMarket/customer-service');
  const p = nodeSeal(JSON.stringify({ t: Math.floor(Date.now() / 1000) }));
  const a = await raw(`/api/${path}?abcdef=${p}`);
  assert.equal(a.code, 0);
  assert.equal(a.data.hours, '9:00-18:00');
  // and the /cou prefix
  const b = await raw(`/cou/${nodeSeal('/country/meta/code')}`, {
    method: 'POST',
    body: JSON.stringify({ qwerty1: p }),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(b.code, 0);
  assert.equal(b.data.dialCode, '+92');
});

test('malformed requests get clear codes, never a 500', async () => {
  const t = Math.floor(Date.now() / 1000);
  const goodPath = seal('/loanMarket/repay-color', KEY);
  const goodParams = seal(JSON.stringify({ t }), KEY);
  assert.equal((await raw(`/api/${goodPath}?abcdef=${goodParams}`, {}, {})).code, E.packageNameInvalid);
  assert.equal((await raw(`/api/${goodPath}?abcdef=${goodParams}`, {}, { packageName: 'paquete.ñ' })).code, E.packageNameInvalid);
  assert.equal((await raw(`/api/not-base64!!?abcdef=${goodParams}`)).code, E.cipherFailed);
  assert.equal((await raw(`/api/${goodPath.slice(0, -3)}?abcdef=${goodParams}`)).code, E.cipherFailed);
  assert.equal((await raw(`/api/${seal('/no/such/call', KEY)}?abcdef=${goodParams}`)).code, E.unknownCall);
  assert.equal((await raw(`/api/${seal('/security/login', KEY)}?abcdef=${goodParams}`)).code, E.unknownCall, 'GET on a POST call');
  assert.equal((await raw(`/cou/${goodPath}?abcdef=${goodParams}`)).code, E.unknownCall, 'wrong prefix');
  assert.equal((await raw(`/api/${goodPath}`)).code, E.malformedRequest);
  assert.equal((await raw(`/api/${goodPath}?abcdef=${goodParams}&ghijkl=${goodParams}`)).code, E.malformedRequest);
  assert.equal((await raw(`/api/${goodPath}?abcdef=${seal('not json', KEY)}`)).code, E.cipherFailed);
  assert.equal((await raw(`/api/${goodPath}?abcdef=${seal('[1,2]', KEY)}`)).code, E.cipherFailed);
  assert.equal((await raw(`/api/${goodPath}?abcdef=${seal('{"x":1}', KEY)}`)).code, E.timestampMissing);
  assert.equal((await raw(`/api/${goodPath}?abcdef=${seal('{"t":"1"}', KEY)}`)).code, E.timestampMissing);
  assert.equal((await raw(`/api/${goodPath}?abcdef=AAAA`)).code, E.cipherFailed);
  const other = crypto.randomBytes(16);
  const wrongKey = (() => {
    const iv = crypto.randomBytes(16);
    const c = crypto.createCipheriv('aes-128-cbc', other, iv);
    return Buffer.concat([iv, c.update('{"t":1}'), c.final()]).toString('base64url');
  })();
  assert.equal((await raw(`/api/${goodPath}?abcdef=${wrongKey}`)).code, E.cipherFailed);
  const post = seal('/security/login', KEY);
  assert.equal((await raw(`/api/${post}`, { method: 'POST', body: '{bad json', headers: { 'content-type': 'application/json' } })).code, E.malformedRequest);
  assert.equal((await raw(`/api/${post}`, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } })).code, E.malformedRequest);
  const big = await raw(`/api/${post}`, {
    method: 'POST',
    body: JSON.stringify({ abcdef: 'A'.repeat(64 * 1024) }),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(big.code, E.bodyTooLarge);
  assert.equal(big.status, 413);
  assert.equal((await raw('/nothing/here')).code, E.unknownCall);
  // broken multipart bodies on an upload call
  const up = seal('/user/saveFaceImage', KEY);
  for (const [ct, b] of [
    ['multipart/form-data; boundary=xyz', 'garbage'],
    ['multipart/form-data', '--a\r\n'],
    ['application/json', '{"abcdef": 5}'],
  ]) {
    const r = await raw(`/api/${up}`, { method: 'POST', body: b, headers: { 'content-type': ct, Authorization: `Bearer ${token}` } });
    assert.equal(r.code, E.malformedRequest, ct);
  }
  const anon = await raw(`/api/${up}`, { method: 'POST', body: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=a' } });
  assert.equal(anon.code, E.notLoggedIn);
  // fuzz: random garbage in every part
  for (let i = 0; i < 60; i++) {
    const rnd = crypto.randomBytes(1 + (i % 40)).toString(i % 2 ? 'base64url' : 'hex');
    const r = await raw(
      `/${i % 3 ? 'api' : 'cou'}/${i % 4 ? rnd : goodPath}?${i % 5 ? 'abcdef' : 'x'}=${i % 3 ? rnd : goodParams}`,
      i % 2 ? { method: 'POST', body: rnd, headers: { 'content-type': 'application/json' } } : {},
    );
    assert.ok(r.status < 500, `status ${r.status} for case ${i}`);
    assert.equal(typeof r.code, 'number');
  }
});

test('validation failures name the fields with i18n keys', async () => {
  const r = await call(
    'saveBasicInfo',
    { firstName: 'Al', lastName: 'Khan1', gender: 3, inputBirthday: '2015-01-01', nationalId: '123', email: 'a b@c', address: 'x', previouslyBorrowed: 'yes' },
    { token },
  );
  assert.equal(r.code, E.validationFailed);
  const f = r.data.fields;
  assert.equal(f.firstName, 'validation.nameMin');
  assert.equal(f.lastName, 'validation.nameLetters');
  assert.equal(f.nationalId, 'validation.nationalId13');
  assert.equal(f.inputBirthday, 'validation.birthdayAge');
  assert.equal(f.email, 'validation.emailInvalid');
  assert.equal(f.address, 'validation.addressLength');
  assert.equal(f.education, 'validation.educationRequired');
  const a = await call(
    'saveAdditionInfo',
    {
      employmentType: 'employee',
      monthlySalary: 1000,
      incomeSource: 'ownself',
      payFrequency: 'Fourteen',
      monthlyPayday: 'monday',
      monthlyPaydayTwo: 'monday',
      emergencyContactName1: 'Ali',
      emergencyContactMobile1: '3001234567',
      emergencyContactRelation1: 'friends',
      emergencyContactName2: 'Bilal',
      emergencyContactMobile2: '03001234567',
      emergencyContactRelation2: 'friends',
    },
    { token },
  );
  assert.equal(a.code, E.validationFailed);
  assert.equal(a.data.fields.monthlyPaydayTwo, 'validation.paydaySame');
  assert.equal(a.data.fields.emergencyContactRelation2, 'validation.sameRelation');
  assert.equal(a.data.fields.emergencyContactMobile2, 'validation.sameMobile');
  assert.equal(a.data.fields.industryCategory, 'validation.industryRequired');
  const un = await call(
    'saveAdditionInfo',
    {
      employmentType: 'Unemployed',
      monthlySalary: 0,
      incomeSource: 'father',
      industryCategory: 'retail',
      emergencyContactName1: 'Ali',
      emergencyContactMobile1: '3001234567',
      emergencyContactRelation1: 'friends',
      emergencyContactName2: 'Bilal',
      emergencyContactMobile2: '3001234568',
      emergencyContactRelation2: 'parents',
    },
    { token },
  );
  assert.equal(un.code, 0, 'Unemployed needs no industry, pay frequency or paydays');
  const city = await call(
    'saveBasicInfo',
    {
      firstName: 'Ali',
      lastName: 'Khan',
      gender: 1,
      inputBirthday: '1990-01-01',
      nationalId: '1234512345671',
      education: 'masters',
      maritalStatus: 'single',
      loanPurpose: 'health',
      residenceType: 'others',
      state: 'Sindh',
      city: 'Lahore',
      address: 'Street 1',
      email: 'a@b.pk',
      previouslyBorrowed: 'no',
      cardType: 'CNIC',
      pinCode: '74000',
      language: 'sindhi',
      cityOfBirth: 'Karachi',
    },
    { token },
  );
  assert.equal(city.data.fields.city, 'validation.cityInvalid');
  const q = await call('saveQuestionnaire', { answers: [{ question: 1, answer: 'maybe' }] }, { token });
  assert.equal(q.code, E.validationFailed);
  assert.equal(q.data.fields['answers.0.answer'], 'validation.answerInvalid');
  const calc = await call('calculator', { amount: 2999 });
  assert.equal(calc.code, E.calculatorOutOfRange);
  assert.deepEqual(calc.data, { min: 3000, max: 25000 });
  const amt = await call('repaymentConfirm', { orderNo: 'X', amount: 10.5, idempotencyKey: 'abcdefgh' }, { token });
  assert.equal(amt.data.fields.amount, 'validation.amountInteger');
});

test('uploads: type checked by content, size limit, missing file', async () => {
  const ok = await call('uploadCurpFront', {}, { token, file: { data: JPEG, name: 'x.exe', type: 'application/octet-stream' } });
  assert.equal(ok.code, 0);
  assert.equal(ok.data.mime, 'image/jpeg');
  const bad = await call('uploadCurpBack', {}, { token, file: { data: Buffer.from('GIF89a....'), name: 'card.jpg', type: 'image/jpeg' } });
  assert.equal(bad.code, E.fileBadType);
  // only what decodes as an image is kept: a JPEG or PNG header in front of a page or a script is refused
  for (const polyglot of [
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]),
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<?php system($_GET["c"]); ?>')]),
  ]) {
    assert.equal((await call('saveFaceImage', {}, { token, file: { data: polyglot } })).code, E.fileBadType);
  }
  // a real image with a script appended is stored as its pixels only
  const tail = await call('uploadCurpFront', {}, { token, file: { data: Buffer.concat([JPEG, Buffer.from('<script>alert(1)</script>')]) } });
  assert.equal(tail.code, 0);
  const doc = await srv.deps.db.selectFrom('documents').select(['storage_key']).where('id', '=', tail.data.fileId).executeTakeFirstOrThrow();
  assert.ok(!(await srv.deps.storage.get(doc.storage_key)).includes('<script>'));
  // a pixel flood (a 30000 x 30000 picture compresses to little) is refused before any decoding of its pixels
  assert.equal((await call('saveFaceImage', {}, { token, file: { data: pngClaiming(30_000, 30_000) } })).code, E.fileTooLarge);
  const big = await call('saveFaceImage', {}, { token, file: { data: Buffer.concat([JPEG, Buffer.alloc(70 * 1024)]) } });
  assert.equal(big.code, E.fileTooLarge);
  const none = await call('saveFaceImage', {}, { token });
  assert.equal(none.code, E.faceMissing, 'no face photo given: complete face recognition');
  assert.equal((await call('uploadCurpBack', {}, { token })).code, E.idBackMissing);
  const fin = await call('finishUploadAllImg', { agree: true }, { token });
  assert.equal(fin.code, E.idBackFirst);
  const noAgree = await call('finishUploadAllImg', { agree: false }, { token });
  assert.equal(noAgree.data.fields.agree, 'validation.agreementRequired');
  // OCR disabled in this server: a clear code, not a crash
  assert.equal((await call('curpOcr', {}, { token })).code, E.ocrFailed);
});

test('login/OTP rate limit per IP, and the registered-number lookup counts with it', async () => {
  const codes: number[] = [];
  for (let i = 0; i < 10; i++) codes.push((await call('customerService', {})).code);
  assert.ok(
    codes.every((c) => c === 0),
    'other calls not limited',
  );
  // numbers cannot be enumerated through existsByMobile faster than codes can be asked for
  const probe: number[] = [];
  for (let i = 0; i < 10; i++) probe.push((await call('existsByMobile', { mobile: `0300${String(1234560 + i)}` })).code);
  assert.ok(probe.includes(E.rateLimited), JSON.stringify(probe));
  const lim: number[] = [];
  for (let i = 0; i < 10; i++) lim.push((await call('login', { mobile: '03009999999', code: '111111' })).code);
  assert.ok(lim.includes(E.rateLimited), JSON.stringify(lim));
});

test('every catalogue entry has a handler and a unique path', async () => {
  const { handlers } = await import('../src/services');
  const seen = new Set<string>();
  for (const [name, ep] of Object.entries(endpoints)) {
    assert.ok((handlers as any)[name], name);
    const k = ep.prefix + ep.path;
    assert.ok(!seen.has(k), k);
    seen.add(k);
  }
  void sealRequest;
});

test('CORS for the app origins, security headers', async () => {
  const pre = await fetch(srv.base + '/api/x', {
    method: 'OPTIONS',
    headers: { Origin: 'http://localhost:3100', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,packagename,lang' },
  });
  assert.equal(pre.headers.get('access-control-allow-origin'), 'http://localhost:3100');
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /packageName/i);
  const evil = await fetch(srv.base + '/health', { headers: { Origin: 'https://evil.example' } });
  assert.equal(evil.headers.get('access-control-allow-origin'), null);
  assert.equal(evil.headers.get('x-content-type-options'), 'nosniff');
});

test('no answer may be cached: a served GET and an error both say no-store', async () => {
  const p = nodeSeal(JSON.stringify({ t: Math.floor(Date.now() / 1000) }));
  for (const url of [`/api/${nodeSeal('/loanMarket/customer-service')}?abcdef=${p}`, '/api/x']) {
    const r = await fetch(srv.base + url, { headers: { packageName: DEFAULT_PACKAGE_NAME } });
    assert.equal(r.headers.get('cache-control'), 'no-store', url);
  }
});

test('answers outside a call keep the envelope: a preflight without Origin, an undecodable URL, an over-long path or query', async () => {
  const pre = await fetch(srv.base + '/api/x', { method: 'OPTIONS' });
  const a = (await pre.json()) as any;
  assert.equal(pre.status, 400);
  assert.equal(a.code, E.malformedRequest);
  assert.equal(typeof a.msg, 'string');
  // a query past Node's header limit (16 KB) is refused before Fastify routes it: 431, still the envelope
  for (const url of ['/%ff%fe', '/api/%ff%fe', `/api/${'a'.repeat(5000)}`, `/api/loan/calculator?p=${'a'.repeat(20_000)}`]) {
    const r = await fetch(srv.base + url, { headers: { packageName: DEFAULT_PACKAGE_NAME } });
    const j = (await r.json()) as any;
    assert.ok(r.status >= 400 && r.status < 500, `${url.slice(0, 20)} -> ${r.status}`);
    assert.equal(typeof j.code, 'number', url.slice(0, 20));
    assert.ok('msg' in j && 'data' in j, url.slice(0, 20));
  }
});

test('text with NUL or a lone surrogate, and integers beyond the database columns, are ordinary validation errors', async () => {
  const { unsafeValues } = C;
  assert.deepEqual(unsafeValues({ a: 'ok', b: '\u202e\u0000', c: 'x\ud800', d: 2 ** 31, e: { deep: ['\u0000'] }, f: '😀', g: 1.5 }), {
    b: 'validation.textInvalid',
    c: 'validation.textInvalid',
    d: 'validation.numberTooLarge',
    e: 'validation.textInvalid',
  });
});
