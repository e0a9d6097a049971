import { contactBody, NOTE_MAX, type ContactForm } from './contactForm';

const form = (over: Partial<ContactForm>): ContactForm => ({
  channel: 'call',
  party: 'borrower',
  outcome: 'reached',
  note: '',
  promiseDate: '',
  promiseAmount: '',
  ...over,
});

test('a plain contact sends no promise, even if a date was typed before the outcome changed', () => {
  expect(contactBody(form({ outcome: 'noAnswer', promiseDate: '2026-12-01', promiseAmount: '500', note: '  rang twice ' }))).toEqual({
    body: { channel: 'call', party: 'borrower', outcome: 'noAnswer', note: 'rang twice' },
  });
});

test('a promise to pay needs its date; the amount is optional and whole rupees', () => {
  expect(contactBody(form({ outcome: 'promiseToPay' }))).toEqual({ problems: { promiseDate: 'required' } });
  expect(contactBody(form({ outcome: 'promiseToPay', promiseDate: '2026-12-01' }))).toEqual({
    body: { channel: 'call', party: 'borrower', outcome: 'promiseToPay', promiseDate: '2026-12-01' },
  });
  expect(contactBody(form({ outcome: 'promiseToPay', promiseDate: '2026-12-01', promiseAmount: '12,500', channel: 'whatsapp' }))).toEqual({
    body: { channel: 'whatsapp', party: 'borrower', outcome: 'promiseToPay', promiseDate: '2026-12-01', promiseAmount: 12500 },
  });
  expect(contactBody(form({ outcome: 'promiseToPay', promiseDate: '2026-12-01', promiseAmount: '12.5' }))).toEqual({ problems: { promiseAmount: 'amount' } });
});

test('a note above the limit is refused here', () => {
  expect(contactBody(form({ note: 'x'.repeat(NOTE_MAX + 1) }))).toEqual({ problems: { note: 'tooLong' } });
  expect(contactBody(form({ note: 'x'.repeat(NOTE_MAX) }))).toHaveProperty('body');
});
