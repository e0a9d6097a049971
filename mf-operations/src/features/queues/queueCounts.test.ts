import type { Complaint, OverdueLoan, Proof, Proposal, Review } from '../../api/types';
import { collectionCounts, complaintCounts, proofCounts, proposalCounts, reviewCounts } from './queueCounts';

const proof = (p: Partial<Proof>) => ({ late: false, duplicate: false, ...p }) as Proof;
const complaint = (c: Partial<Complaint>) => ({ status: 'open', late: false, escalated: null, ...c }) as Complaint;
const proposal = (p: Partial<Proposal>) => ({ status: 'pending', maker: 'ayesha', ...p }) as Proposal;

test('proofs: waiting, past their 48 h clock, duplicate references', () => {
  expect(proofCounts([proof({}), proof({ late: true }), proof({ duplicate: true, late: true })])).toEqual({ pending: 3, late: 2, duplicates: 1 });
});

test('complaints: only the unresolved count, late and escalated among them', () => {
  const counts = complaintCounts([
    complaint({}),
    complaint({ status: 'inProgress', late: true, escalated: { at: '2026-11-28T10:00:00Z', by: 'sana' } }),
    complaint({ status: 'resolved', late: true, escalated: { at: '2026-11-28T10:00:00Z', by: 'sana' } }),
  ]);
  expect(counts).toEqual({ open: 2, late: 1, escalated: 1 });
});

test("proposals: the pending ones, and of them the member's own (another supervisor must decide those)", () => {
  expect(proposalCounts([proposal({}), proposal({ maker: 'bilal' }), proposal({ status: 'applied' })], 'ayesha')).toEqual({ pending: 2, mine: 1 });
});

test('reviews: the undecided ones, and of them those past their working day', () => {
  const review = (r: Partial<Review>) => ({ decision: null, late: false, ...r }) as Review;
  expect(reviewCounts([review({}), review({ late: true }), review({ decision: 'approve', late: true })])).toEqual({ waiting: 2, late: 1 });
});

test('collections: overdue loans, broken promises, loans nobody has contacted', () => {
  const loan = (l: Partial<OverdueLoan>) => ({ contacts: 0, promise: null, ...l }) as OverdueLoan;
  const promise = (broken: boolean) => ({ date: '2026-11-20', amount: null, madeAt: '2026-11-18T10:00:00Z', broken });
  expect(collectionCounts([loan({}), loan({ contacts: 2, promise: promise(true) }), loan({ contacts: 1, promise: promise(false) })])).toEqual({
    overdue: 3,
    brokenPromises: 1,
    notContacted: 1,
  });
});
