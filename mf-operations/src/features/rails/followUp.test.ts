import { OrderStatus } from 'shared/staff';
import type { RailTransfer } from '../../api/types';
import { followUp } from './followUp';

const transfer = (over: Partial<RailTransfer>): RailTransfer => ({
  reference: 'PO1',
  kind: 'payout',
  orderNo: 'A1',
  orderStatus: OrderStatus.PayFail,
  amount: 5000,
  account: '****1234',
  state: 'failed',
  reason: 'accountRejected',
  providerRef: null,
  inquiries: 0,
  createdAt: '',
  updatedAt: '',
  ...over,
});

test('a failed payout whose order waits for the money is retried; a failed refund is proposed again', () => {
  expect(followUp(transfer({}))).toEqual({ kind: 'payoutRetry', orderNo: 'A1' });
  expect(followUp(transfer({ kind: 'refund', reference: 'RF-A1-3', orderStatus: OrderStatus.Finish }))).toEqual({ kind: 'refund', orderNo: 'A1' });
});

test('nothing to propose for a payout retried since, a transfer not failed, a collection or no order', () => {
  expect(followUp(transfer({ orderStatus: OrderStatus.Repaying }))).toBeNull();
  expect(followUp(transfer({ state: 'unknown' }))).toBeNull();
  expect(followUp(transfer({ kind: 'refund', state: 'pending' }))).toBeNull();
  expect(followUp(transfer({ kind: 'collection' }))).toBeNull();
  expect(followUp(transfer({ orderNo: null }))).toBeNull();
});
