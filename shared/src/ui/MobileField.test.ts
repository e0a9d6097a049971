import { sanitizeMobileInput } from './MobileField';

describe('mobile fields', () => {
  it('mobile input keeps digits and +, 13 characters at most', () => {
    expect(sanitizeMobileInput('+92 300-123 4567')).toBe('+923001234567');
    expect(sanitizeMobileInput('0300 12345678999')).toHaveLength(13);
  });
});
