import { firstErrorKey } from './serverErrors';

describe('form errors', () => {
  it('finds the first error message in a nested errors tree', () => {
    expect(firstErrorKey({ a: { message: 'validation.x', ref: {} }, b: { message: 'validation.y' } })).toBe('validation.x');
    expect(firstErrorKey({ answers: [{ answer: { message: 'validation.answerRequired' } }] })).toBe('validation.answerRequired');
  });
});
