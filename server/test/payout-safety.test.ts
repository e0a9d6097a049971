/**
 * Money goes only to verified accounts (issue 25, item 3): a stolen token alone cannot redirect the
 * payout; account changes need a bankAccount code sent to the registered number; the holder is the
 * borrower; payouts to an account no code approved, and money actions after the idle time, need a
 * moneyAction code; the borrower is told of every change.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, onboard, codeFor, FIXED } from './helpers';
import type { OtpProvider } from '../src/providers/otpDelivery';
import C from '../src/api/contract';

const { OrderStatus: S, ErrorCode: E } = C;
const texts: { mobile: string; kind: string; text: string }[] = [];
/** the OTP sender the server uses, recording the notices it is asked to send */
const recording: OtpProvider = {
  send: async () => {},
  notify: async (mobile, kind, text) => void texts.push({ mobile, kind, text }),
};
const { srv, call } = serverForFile({}, { otp: recording });

const EVE_WALLET = { cardType: 'Jazzcash', accountNumber: '0300 9998877', confirmAccountNumber: '03009998877', cardHolder: 'Eve Attacker' };
const jobs = () => srv.dev('clock/advance', { ms: 3 * 60_000 });
let seq = 0;
const key = () => `payout-safety-${process.pid}-${++seq}`;

/** a borrower (Ali Khan, wallet ending 4567) with an approved loan waiting for get money (14) */
async function approved() {
  const u = await register(call);
  await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: 'approve', payout: 'ok' });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  await jobs();
  const orderNo = ap.data.order.orderNo as string;
  assert.equal((await call('latestOrder', {}, { token: u.token })).data.order.status, S.Confirm);
  return { ...u, orderNo, userId: Number(u.user.userId) };
}
/** the borrower's last code or money action moved back past the configured idle time */
async function goIdle(userId: number) {
  const back = (srv.cfg.moneyIdleSeconds + 1) * 1000;
  await srv.deps.db
    .updateTable('users')
    .set((eb) => ({ verified_at: eb('verified_at', '-', back) }))
    .where('id', '=', userId)
    .execute();
}

test('a stolen token cannot redirect the payout: no account change without the code, the loan goes to the verified account', async () => {
  const u = await approved();
  // the attack of issue 25: a new wallet for "Eve Attacker", no code, then get money
  const asEve = await call('addBankCard', EVE_WALLET, { token: u.token });
  assert.equal(asEve.code, E.holderNameMismatch, JSON.stringify(asEve));
  const asAli = await call('addBankCard', { ...EVE_WALLET, cardHolder: 'Ali Khan' }, { token: u.token });
  assert.equal(asAli.code, E.accountCodeRequired);
  assert.equal(asAli.data.fields.accountCode, 'validation.codeRequired');
  assert.equal((await call('bindBackupBankCard', { ...EVE_WALLET, cardHolder: 'Ali Khan' }, { token: u.token })).code, E.accountCodeRequired);
  // the code never goes to a number the caller names: only to the registered one
  const eveMobile = '03009998877';
  await srv.dev('clock/advance', { ms: 61_000, runJobs: false });
  assert.equal((await call('getVerifyCode', { mobile: eveMobile, type: 'bankAccount' }, { token: u.token })).code, 0);
  assert.equal((await srv.dev(`otp/${eveMobile}`)).code, null, 'nothing sent to the attacker');
  assert.equal((await srv.dev(`otp/${u.mobile}`)).code, FIXED, 'sent to the registered number');
  // asking for a code needs a login
  assert.equal((await call('getVerifyCode', { mobile: u.mobile, type: 'bankAccount' })).code, E.notLoggedIn);

  const gm = await call('getMoney', { orderNo: u.orderNo, agree: true, idempotencyKey: key() }, { token: u.token });
  assert.equal(gm.code, 0, JSON.stringify(gm));
  assert.equal(gm.data.order.bankCard.cardHolder, 'Ali Khan');
  assert.match(gm.data.order.bankCard.accountMasked, /4567$/, 'paid to the account the borrower verified');
  const cards = await srv.deps.db.selectFrom('bank_cards').select(['card_holder']).where('user_id', '=', u.userId).execute();
  assert.deepEqual(
    cards.map((c) => c.card_holder),
    ['Ali Khan'],
    'no account of the attacker stored',
  );
});

test('a code asked for another purpose is refused: login or moneyAction for an account change, bankAccount for a money action', async () => {
  const u = await approved();
  const card = { ...EVE_WALLET, cardHolder: 'Ali Khan', accountCode: FIXED };
  await srv.dev('clock/advance', { ms: 61_000, runJobs: false });
  assert.equal((await call('getVerifyCode', { mobile: u.mobile, type: 'login' })).code, 0);
  const withLogin = await call('addBankCard', card, { token: u.token });
  assert.equal(withLogin.code, E.otpInvalid, JSON.stringify(withLogin));
  assert.equal(withLogin.data.fields.accountCode, 'validation.codeInvalid');
  // a bankAccount code does not approve a money action
  await codeFor(call, u.token, 'bankAccount');
  await goIdle(u.userId);
  const gm = await call('getMoney', { orderNo: u.orderNo, agree: true, idempotencyKey: key(), verifyCode: FIXED }, { token: u.token });
  assert.equal(gm.code, E.otpInvalid);
  assert.equal((await call('latestOrder', {}, { token: u.token })).data.order.status, S.Confirm, 'nothing paid out');
  assert.equal((await call('addBankCard', card, { token: u.token })).code, 0, 'the bankAccount code is for this');
  // a moneyAction code does not approve an account change
  await codeFor(call, u.token, 'moneyAction');
  assert.equal((await call('addBankCard', card, { token: u.token })).code, E.otpInvalid, 'a moneyAction code is not a bankAccount code');
});

test('the holder must be the borrower: another name refused and the code kept; the same name in other case accepted', async () => {
  const u = await approved();
  const code = await codeFor(call, u.token);
  const eve = await call('addBankCard', { ...EVE_WALLET, accountCode: code }, { token: u.token });
  assert.equal(eve.code, E.holderNameMismatch);
  assert.equal(eve.data.fields.cardHolder, 'validation.holderNotBorrower');
  assert.equal((await call('addBankCard', { ...EVE_WALLET, cardHolder: 'Ali Attacker', accountCode: code }, { token: u.token })).code, E.holderNameMismatch);
  const ok = await call('addBankCard', { ...EVE_WALLET, cardHolder: 'ALI khan', accountCode: code }, { token: u.token });
  assert.equal(ok.code, 0, JSON.stringify(ok));
  // the code was used once: the next change needs a new one
  assert.equal((await call('addBankCard', { ...EVE_WALLET, cardHolder: 'Ali Khan', accountCode: code }, { token: u.token })).code, E.otpInvalid);
});

test('an account change is told to the borrower: a text to the registered number and a notice where the accounts are shown', async () => {
  const u = await approved();
  const registered = C.normalizeMobile(u.mobile);
  const before = texts.filter((t) => t.mobile === registered).length;
  const changed = await call(
    'addBankCard',
    { ...EVE_WALLET, cardHolder: 'Ali Khan', accountCode: await codeFor(call, u.token) },
    { token: u.token, lang: 'ur' },
  );
  assert.equal(changed.code, 0, JSON.stringify(changed));
  const sent = texts.filter((t) => t.mobile === registered);
  assert.equal(sent.length, before + 1);
  assert.equal(sent.at(-1)!.kind, 'primaryChanged');
  assert.match(sent.at(-1)!.text, /8877/);
  assert.match(sent.at(-1)!.text, /[\u0600-\u06FF]/, "in the borrower's language");
  const backup = await call(
    'bindBackupBankCard',
    { ...EVE_WALLET, cardType: 'Easypaisa', cardHolder: 'Ali Khan', accountCode: await codeFor(call, u.token) },
    { token: u.token },
  );
  assert.equal(backup.code, 0, JSON.stringify(backup));
  const { notices } = (await call('backupBankCardDetail', {}, { token: u.token })).data;
  assert.deepEqual(
    notices.slice(0, 3).map((n: { kind: string }) => n.kind),
    ['backupChanged', 'primaryChanged', 'primaryChanged'],
  );
  assert.match(notices[0].accountMasked, /8877$/);
  // the order waiting for get money now pays the new, verified account
  const gm = await call('getMoney', { orderNo: u.orderNo, agree: true, idempotencyKey: key() }, { token: u.token });
  assert.equal(gm.code, 0, JSON.stringify(gm));
  assert.match(gm.data.order.bankCard.accountMasked, /8877$/);
});

test('a payout to an account no code approved since needs the code, even when not idle', async () => {
  const u = await approved();
  // an account stored without a code (before the rule, or by any path that skipped it)
  await srv.deps.db.updateTable('bank_cards').set({ verified_at: null }).where('user_id', '=', u.userId).execute();
  const gm = { orderNo: u.orderNo, agree: true, idempotencyKey: key() };
  const asked = await call('getMoney', gm, { token: u.token });
  assert.deepEqual([asked.code, asked.data], [E.verificationRequired, { purpose: 'moneyAction', reason: 'newAccount' }]);
  assert.equal((await call('getMoney', { ...gm, verifyCode: '000000' }, { token: u.token })).code, E.otpInvalid);
  const paid = await call('getMoney', { ...gm, verifyCode: await codeFor(call, u.token, 'moneyAction') }, { token: u.token });
  assert.equal(paid.code, 0, JSON.stringify(paid));
  assert.equal(paid.data.order.status, S.Lending);
});

test('money actions after the idle time ask for the code again: get money, repayment, extension', async () => {
  const u = await approved();
  await goIdle(u.userId);
  const gm = { orderNo: u.orderNo, agree: true, idempotencyKey: key() };
  const asked = await call('getMoney', gm, { token: u.token, lang: 'ur' });
  assert.deepEqual([asked.code, asked.data], [E.verificationRequired, { purpose: 'moneyAction', reason: 'idle' }]);
  assert.equal(asked.msg, C.errorMessage(E.verificationRequired, 'ur'));
  assert.equal((await call('getMoney', { ...gm, verifyCode: await codeFor(call, u.token, 'moneyAction') }, { token: u.token })).code, 0);
  await jobs();
  assert.equal((await call('latestOrder', {}, { token: u.token })).data.order.status, S.Repaying);
  // right after a code: no code asked
  const pay = { orderNo: u.orderNo, amount: 1000, idempotencyKey: key() };
  assert.equal((await call('repaymentConfirm', pay, { token: u.token })).code, 0);
  await goIdle(u.userId);
  const idlePay = { ...pay, idempotencyKey: key() };
  assert.equal((await call('repaymentConfirm', idlePay, { token: u.token })).code, E.verificationRequired);
  const ext = { orderNo: u.orderNo, idempotencyKey: key(), channelId: 'jazzcash' };
  assert.equal((await call('confirmExtension', ext, { token: u.token })).code, E.verificationRequired);
  const verified = await call('repaymentConfirm', { ...idlePay, verifyCode: await codeFor(call, u.token, 'moneyAction') }, { token: u.token });
  assert.equal(verified.code, 0, JSON.stringify(verified));
  // the money action itself counts as activity: the next one within the idle time goes through
  assert.notEqual((await call('confirmExtension', ext, { token: u.token })).code, E.verificationRequired);
});
