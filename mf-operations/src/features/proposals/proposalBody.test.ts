import type { Proposal } from '../../api/types';
import { proposalAsks, proposalBody, type ProposalForm } from './proposalBody';

const form = (over: Partial<ProposalForm>): ProposalForm => ({
  kind: 'waiver',
  orderNo: ' A1 ',
  account: 'penalty',
  amount: '1,000',
  reason: 'goodwill',
  ...over,
});

test('each kind sends what it needs, nothing more', () => {
  expect(proposalBody(form({}))).toEqual({ kind: 'waiver', orderNo: 'A1', account: 'penalty', amount: 1000, reason: 'goodwill' });
  expect(proposalBody(form({ kind: 'refund' }))).toEqual({ kind: 'refund', orderNo: 'A1', amount: 1000, reason: 'goodwill' });
  expect(proposalBody(form({ kind: 'writeOff', amount: '' }))).toEqual({ kind: 'writeOff', orderNo: 'A1', reason: 'goodwill' });
  expect(proposalBody(form({ kind: 'payoutRetry', amount: '' }))).toEqual({ kind: 'payoutRetry', orderNo: 'A1', reason: 'goodwill' });
});

test('a waiver or refund without whole rupees is not sent; a write-off ignores the amount', () => {
  expect(proposalBody(form({ amount: '' }))).toBeNull();
  expect(proposalBody(form({ kind: 'refund', amount: '0' }))).toBeNull();
  expect(proposalBody(form({ kind: 'writeOff', amount: 'abc' }))).not.toBeNull();
});

test('what each proposal asks', () => {
  const base = { id: 1, orderNo: 'A1', reason: 'r', status: 'pending', maker: 'm', createdAt: '', checker: null, decidedAt: null, outcome: null } as const;
  expect(proposalAsks({ ...base, kind: 'waiver', account: 'fee', amount: 50 } as Proposal)).toEqual({ amount: 50, account: 'fee' });
  expect(proposalAsks({ ...base, kind: 'refund', amount: 70 } as Proposal)).toEqual({ amount: 70 });
  expect(proposalAsks({ ...base, kind: 'writeOff', owedWhenProposed: 9100 } as Proposal)).toEqual({ amount: 9100 });
  expect(proposalAsks({ ...base, kind: 'payoutRetry', failedReference: 'PO1' } as Proposal)).toEqual({ amount: null });
});
