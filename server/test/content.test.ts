/** Help texts and the calculator quote the product's own figures: what the 36 % covers, that the APR adds the fees, the ladder, each product's limits. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile } from './helpers';
import { MAX_ANNUAL_INTEREST, POLICY, PRODUCTS } from '../src/settings/policy';
import C from '../src/api/contract';

const { call } = serverForFile();

const answers = async (lang: string) =>
  (await call('faq', { lang })).data.sections.flatMap((s: any) => s.problems.map((p: any) => p.content as string)).join('\n');

test("the FAQ says the interest cap covers interest and the APR adds the fees, with the calculator's own figures", async () => {
  const p = PRODUCTS[0];
  const calc = await call('calculator', { amount: POLICY.creditLadder[0], productId: p.id, tenureDays: p.tenures[0] });
  assert.equal(calc.code, 0, JSON.stringify(calc));
  const f = calc.data.figures;
  assert.ok(f.apr > MAX_ANNUAL_INTEREST, 'the case the words must explain: an APR above the interest cap');
  for (const lang of ['en', 'ur']) {
    const text = await answers(lang);
    assert.ok(text.includes(`${MAX_ANNUAL_INTEREST}%`), `${lang}: the cap`);
    assert.ok(text.includes(`${f.apr}%`) && text.includes(`${f.annualInterestRate}%`), `${lang}: the APR and interest of the example are the calculator's`);
    assert.ok(text.includes('APR'));
  }
  assert.match(await answers('en'), /never above 36% a year[^]*APR[^]*interest plus the processing fee/);
  assert.ok((await answers('en')).includes(POLICY.creditLadder.map((n) => n.toLocaleString('en-US')).join(' → ')), 'the ladder');
});

test('the FAQ names money and the daily charge as the screens do: Rs, not PKR; interest, never markup (issue 43)', async () => {
  for (const lang of ['en', 'es']) {
    const text = await answers(lang);
    assert.ok(!text.includes('PKR'), `${lang}: ${text}`);
    assert.ok(text.includes(`Rs ${POLICY.creditLadder[0].toLocaleString('en-US')}`), `${lang}: money as Rs 5,000`);
  }
  assert.doesNotMatch(await answers('en'), /markup/i);
  assert.ok(!(await answers('ur')).includes('مارک اپ'));
});

test('the calculator never prices an amount a product does not lend', async () => {
  const p = PRODUCTS.find((x) => x.minAmount > POLICY.calculator.min)!;
  const below = await call('calculator', { amount: p.minAmount - 1000, productId: p.id, tenureDays: p.tenures[0] });
  assert.equal(below.code, C.ErrorCode.calculatorOutOfRange);
  assert.equal(below.data.min, p.minAmount);
  assert.equal((await call('calculator', { amount: p.minAmount, productId: p.id, tenureDays: p.tenures[0] })).code, 0);
});

test('permissions: the screen and the data policy say the same, from one configuration (required ones, optional ones)', async () => {
  const cfg = (await call('marketConfig')).data;
  const asked = cfg.permissions.filter((p: { enabled: boolean }) => p.enabled);
  assert.ok(asked.some((p: { required: boolean }) => p.required) && asked.some((p: { required: boolean }) => !p.required));
  for (const lang of ['en', 'ur']) {
    const policy = JSON.stringify((await call('policy', { type: 'data', lang })).data);
    assert.ok(policy.includes(lang === 'en' ? 'Optional, you may refuse them' : 'اختیاری'), lang);
  }
  const en = JSON.stringify((await call('policy', { type: 'data', lang: 'en' })).data);
  for (const p of asked) assert.ok(en.includes(p.key === 'deviceInfo' ? 'device information' : p.key), p.key);
});

test('the loan agreement in Urdu is Urdu (not English under Urdu headings), its figures isolated left-to-right', async () => {
  const p = PRODUCTS[0];
  const ur = await call('loanAgreement', { productId: p.id, amount: POLICY.creditLadder[0], tenureDays: p.tenures[0] }, { lang: 'ur' });
  assert.equal(ur.code, 0, JSON.stringify(ur));
  const body = ur.data.sections.map((s: { body: string }) => s.body).join(' ');
  for (const english of ['Processing fee', 'Penalty', 'deducted', 'days', 'You may extend', 'borrower']) assert.ok(!body.includes(english), english);
  assert.ok(body.includes(`\u2066Rs ${POLICY.creditLadder[0].toLocaleString('en-US')}\u2069`));
  assert.match(body, /\u2066\d{4}-\d{2}-\d{2}\u2069/);
});

test('the agreement writes money as every screen does (Rs 5,000), and the brand is spelt one way in it and the policies', async () => {
  const p = PRODUCTS[0];
  const en = await call('loanAgreement', { productId: p.id, amount: POLICY.creditLadder[0], tenureDays: p.tenures[0] });
  const text = JSON.stringify(en.data.sections);
  assert.ok(text.includes(`Rs ${POLICY.creditLadder[0].toLocaleString('en-US')} for ${p.tenures[0]} days`), text);
  assert.ok(!text.includes('PKR'), text);
  const texts = [text];
  for (const lang of ['en', 'ur'] as const) {
    for (const type of ['aboutUs', 'terms'] as const) texts.push(JSON.stringify((await call('policy', { type, lang })).data));
  }
  texts.push(POLICY.bankTransfer.accountName);
  for (const t of texts) assert.ok(!/Loan Market/.test(t), t);
  assert.ok(texts.some((t) => t.includes('LoanMarket')));
});

test('states and cities read in Urdu, while the values checked and stored stay the canonical names', async () => {
  const ur = (await call('states', {}, { lang: 'ur' })).data.states;
  const punjab = ur.find((s: { code: string }) => s.code === 'PUN');
  assert.equal(punjab.name, 'Punjab');
  assert.equal(punjab.labels.name, 'پنجاب');
  assert.equal(punjab.labels.cities[punjab.cities.indexOf('Lahore')], 'لاہور');
  const en = (await call('states', {}, { lang: 'en' })).data.states;
  assert.equal(en[0].labels.name, en[0].name);
});

test('the FAQ quotes the retention period from POLICY (the one the deletion job uses by default)', async () => {
  assert.match(await answers('en'), new RegExp(`data is deleted after ${POLICY.retentionDays} days`));
});

test('the FAQ is complete in Spanish and Urdu: every entry of the English one, with the same figures', async () => {
  const sections = async (lang: string) =>
    (await call('faq', { lang })).data.sections as { title: string; problems: { subtitle: string; content: string }[] }[];
  const figuresOf = (text: string) => (text.match(/\d[\d,.]*/g) ?? []).map((n) => n.replace(/[.,]$/, '')).sort();
  const enFaq = await sections('en');
  for (const lang of ['es', 'ur']) {
    const other = await sections(lang);
    assert.deepEqual(
      other.map((s) => s.problems.length),
      enFaq.map((s) => s.problems.length),
      lang,
    );
    enFaq.forEach((s, i) =>
      s.problems.forEach((p, j) => {
        const q = other[i].problems[j];
        assert.notEqual(q.subtitle, p.subtitle, `${lang}: translated`);
        assert.deepEqual(figuresOf(q.content), figuresOf(p.content), `${lang}: ${q.subtitle} quotes the English figures`);
      }),
    );
  }
});

test('questionnaire: titles and answer labels in Spanish, English and Urdu (every answer of the contract labelled in each)', async () => {
  const values = new Set(Object.values(C.QUESTION_OPTIONS).flat());
  const seen: Record<string, string[]> = {};
  for (const lang of ['es', 'en', 'ur']) {
    const q = await call('questionnaire', { lang });
    assert.equal(q.code, 0);
    assert.equal(q.data.lang, lang);
    const labels = q.data.questions.flatMap((x: any) => x.options) as { value: string; label: string }[];
    for (const o of labels) assert.notEqual(o.label, o.value, `${lang}: ${o.value} has no label`);
    assert.equal(new Set(labels.map((o) => o.value)).size, values.size);
    seen[lang] = q.data.questions.map((x: any) => `${x.title} ${x.options.map((o: any) => o.label).join(' ')}`);
  }
  assert.match(seen.es[0], /^¿Ha incumplido .* Sí No$/);
  assert.match(seen.en[5], /8 to 15 days/);
  assert.match(seen.es[5], /De 8 a 15 días/);
  assert.match(seen.ur[0], /ہاں نہیں$/);
});
