/**
 * Bank accounts keep their bank code; after a failed payout (status 10) the money can go to the
 * backup account, and the retried payout pays that account, not the primary.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, onboard, codeFor } from './helpers';
import C from '../src/api/contract';

const { OrderStatus: S, ErrorCode: E } = C;
let banks: { index: number; code: string }[];
const { srv, call } = serverForFile(
  { sessionTtlDays: 3650 },
  {
    setup: async () => {
      banks = (await call('bankList', {})).data.banks;
    },
  },
);

/** a valid Pakistani IBAN of bank identifier `bank` (ISO 13616 check digits) */
function iban(bank: string, digits: string): string {
  const num = (s: string) => [...s].map((ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
  let rest = 0;
  for (const d of num(`${bank}${digits}PK00`)) rest = (rest * 10 + Number(d)) % 97;
  return `PK${String(98 - rest).padStart(2, '0')}${bank}${digits}`;
}
/** an account change with its code from the registered number */
const withCode = async (token: string, card: object) => ({ ...card, accountCode: await codeFor(call, token) });
const bankCard = (bankIndex: number, account: string) => ({
  cardType: 'bank',
  bankIndex,
  accountNumber: account,
  confirmAccountNumber: account,
  cardHolder: 'Ali Khan',
});
const codeOf = (index: number) => banks.find((b) => b.index === index)!.code;
const jobs = () => srv.dev('clock/advance', { ms: 3 * 60_000 });
const latest = async (token: string) => (await call('latestOrder', {}, { token })).data.order;

test('an account keeps and returns its bank code: the bank list entry, or the bank an IBAN names', async () => {
  const { token } = await register(call);
  await onboard(call, token, ['card']);
  const primary = await call('addBankCard', await withCode(token, bankCard(18, '01234567890123')), { token });
  assert.equal(primary.code, 0, JSON.stringify(primary));
  assert.equal(primary.data.card.bankCode, codeOf(18));
  const account = iban('MEZN', '0001234567890123');
  const backup = await call(
    'bindBackupBankCard',
    await withCode(token, { cardType: 'IBAN', accountNumber: account, confirmAccountNumber: account, cardHolder: 'Ali Khan' }),
    { token },
  );
  assert.equal(backup.code, 0, JSON.stringify(backup));
  assert.equal(backup.data.card.bankCode, 'MEZN');
  const detail = (await call('backupBankCardDetail', {}, { token })).data;
  assert.deepEqual([detail.primary.bankCode, detail.backup.bankCode], [codeOf(18), 'MEZN']);
  // a wallet is its microfinance bank's entry
  const wallet = await call(
    'bindBackupBankCard',
    await withCode(token, { cardType: 'Jazzcash', accountNumber: '03001234567', confirmAccountNumber: '03001234567', cardHolder: 'Ali Khan' }),
    { token },
  );
  assert.equal(wallet.data.card.bankCode, codeOf(31));
});

test('a failed payout goes to the backup account when the borrower chooses it', async () => {
  const u = await register(call);
  await onboard(call, u.token);
  const backup = (await call('bindBackupBankCard', await withCode(u.token, bankCard(5, '99887766554433')), { token: u.token })).data.card;
  await srv.dev('force', { mobile: u.mobile, review: 'approve', payout: 'fail' });
  const ap = await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
  const orderNo = ap.data.order.orderNo as string;
  assert.equal((await call('useBackupBankCard', { orderNo }, { token: u.token })).code, E.orderWrongState, 'only a failed payout');
  await jobs();
  assert.equal((await call('getMoney', { orderNo, agree: true, idempotencyKey: 'getmoney-b001' }, { token: u.token })).code, 0);
  await jobs();
  let o = await latest(u.token);
  assert.equal(o.status, S.PayFail);
  assert.equal(o.bankCard.role, 'primary');

  const unverified = await call('useBackupBankCard', { orderNo }, { token: u.token });
  assert.deepEqual(
    [unverified.code, unverified.data],
    [E.verificationRequired, { purpose: 'moneyAction', reason: 'accountChange' }],
    'switching accounts needs a code',
  );
  const used = await call('useBackupBankCard', { orderNo, verifyCode: await codeFor(call, u.token, 'moneyAction') }, { token: u.token });
  assert.equal(used.code, 0, JSON.stringify(used));
  assert.equal(used.data.order.status, S.GetMoney);
  assert.equal(used.data.order.bankCard.cardId, backup.cardId);
  const confirm = (await call('confirmProductInfo', { orderNo }, { token: u.token })).data;
  assert.deepEqual([confirm.bankCard.role, confirm.bankCard.bankCode], ['backup', codeOf(5)]);

  await srv.dev('force', { mobile: u.mobile, payout: 'ok' });
  const gm = await call('getMoney', { orderNo, agree: true, idempotencyKey: 'getmoney-b002' }, { token: u.token });
  assert.equal(gm.code, 0, JSON.stringify(gm));
  assert.equal(gm.data.order.bankCard.cardId, backup.cardId, 'the retried payout pays the backup, not the primary');
  await jobs();
  o = await latest(u.token);
  assert.equal(o.status, S.Repaying);
  assert.deepEqual([o.bankCard.role, o.bankCard.bankCode], ['backup', codeOf(5)]);
});

test('no backup account: nothing to switch to', async () => {
  const u = await register(call);
  await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: 'approve', payout: 'fail' });
  const orderNo = (await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token })).data.order.orderNo;
  await jobs();
  await call('getMoney', { orderNo, agree: true, idempotencyKey: 'getmoney-b003' }, { token: u.token });
  await jobs();
  assert.equal((await latest(u.token)).status, S.PayFail);
  assert.equal((await call('useBackupBankCard', { orderNo }, { token: u.token })).code, E.cardInfoNull);
  assert.equal((await latest(u.token)).status, S.PayFail);
});

test("bank and wallet names come in the borrower's language: the list, a saved account and the transfer details", async () => {
  const ur = { lang: 'ur' };
  const list = (await call('bankList', {}, ur)).data;
  assert.equal(list.banks.length, banks.length);
  assert.equal(list.banks.find((b: { index: number }) => b.index === 18).name, 'میزان بینک');
  assert.deepEqual(
    list.wallets.map((w: { name: string }) => w.name),
    ['ایزی پیسہ', 'جاز کیش'],
  );
  assert.ok(
    list.banks.every((b: { name: string }) => /[\u0600-\u06FF]/.test(b.name)),
    'every bank has an Urdu name',
  );
  assert.deepEqual(
    list.banks.map((b: { code: string }) => b.code),
    banks.map((b) => b.code),
    'the same banks, the same codes',
  );

  const { token } = await register(call);
  await onboard(call, token, ['card']);
  await call('addBankCard', await withCode(token, bankCard(18, '01234567890123')), { token });
  const account = iban('MEZN', '0001234567890123');
  await call('bindBackupBankCard', await withCode(token, { cardType: 'IBAN', accountNumber: account, confirmAccountNumber: account, cardHolder: 'Ali Khan' }), {
    token,
  });
  const inUrdu = (await call('backupBankCardDetail', {}, { token, ...ur })).data;
  assert.deepEqual([inUrdu.primary.bankName, inUrdu.backup.bankName], ['میزان بینک', 'IBAN']);
  const inEnglish = (await call('backupBankCardDetail', {}, { token })).data;
  assert.equal(inEnglish.primary.bankName, 'Meezan Bank');
});
