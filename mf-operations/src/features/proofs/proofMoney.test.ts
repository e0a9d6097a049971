import { acceptEffect } from './proofMoney';

test('a part payment leaves the rest owed', () => {
  expect(acceptEffect({ amount: 4000, owedNow: 10_500 })).toEqual({ credited: 4000, owedAfter: 6500, overpaid: 0 });
});

test('the exact amount leaves nothing owed and nothing over', () => {
  expect(acceptEffect({ amount: 10_500, owedNow: 10_500 })).toEqual({ credited: 10_500, owedAfter: 0, overpaid: 0 });
});

test('a proof on an order paid off since is owed back whole', () => {
  expect(acceptEffect({ amount: 10_500, owedNow: 0 })).toEqual({ credited: 10_500, owedAfter: 0, overpaid: 10_500 });
});

test('more than owed: the difference is owed back', () => {
  expect(acceptEffect({ amount: 12_000, owedNow: 10_500 })).toEqual({ credited: 12_000, owedAfter: 0, overpaid: 1500 });
});
