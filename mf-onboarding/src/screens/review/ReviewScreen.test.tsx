/** An application the score left to a person says so, with when its answer is due, in place of the countdown. */
import { act, render, screen } from '@testing-library/react';
import { registerResources, startI18n, useRequest, useSession } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import ReviewScreen from './ReviewScreen';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), useRequest: jest.fn() }));
const mockedRequest = useRequest as jest.MockedFunction<typeof useRequest>;
startI18n();
registerResources('onboarding', { en, ur });
afterEach(() => act(() => useSession.setState({ language: 'en' })));

const order = (manualReview: { since: string; answerBy: string } | null) => ({
  orderNo: 'LN100',
  status: 1,
  amount: 5000,
  productName: 'Easy Cash',
  submittedAt: '2026-11-27T10:00:00.000Z',
  reviewSecondsLeft: 0,
  manualReview,
});
function answers(o: ReturnType<typeof order>) {
  // the same objects at every render, as the hook keeps them
  const latest = { data: { order: o }, loading: false, reload: jest.fn() };
  const pending = { data: null, loading: true, reload: jest.fn() };
  mockedRequest.mockImplementation(((ep: { name: string }) => (ep.name === 'latestOrder' ? latest : pending)) as never);
}

it('held for a person: the words and the answer-by time, no countdown', () => {
  answers(order({ since: '2026-11-27T10:01:00.000Z', answerBy: '2026-11-30T10:01:00.000Z' }));
  render(<ReviewScreen />);
  expect(screen.getByRole('heading', { name: en.review.manualTitle })).toBeInTheDocument();
  expect(screen.getByTestId('review-manual')).toHaveTextContent(en.review.answerBy);
  expect(screen.queryByRole('timer')).toBeNull();
});

it('in Urdu', () => {
  answers(order({ since: '2026-11-27T10:01:00.000Z', answerBy: '2026-11-30T10:01:00.000Z' }));
  act(() => useSession.setState({ language: 'ur' }));
  render(<ReviewScreen />);
  expect(screen.getByRole('heading', { name: ur.review.manualTitle })).toBeInTheDocument();
});

it('decided by the score: the countdown as before', () => {
  answers(order(null));
  render(<ReviewScreen />);
  expect(screen.getByRole('heading', { name: en.review.assessing })).toBeInTheDocument();
  expect(screen.getByRole('timer')).toBeInTheDocument();
});
