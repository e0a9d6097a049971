import { mailtoHref, telHref, whatsappHref } from './contactLinks';

describe('contact links', () => {
  it('dials the digits with the leading +', () => {
    expect(telHref('+92 21 111 000 123')).toBe('tel:+9221111000123');
    expect(telHref('021-111-000-123')).toBe('tel:021111000123');
  });
  it('writes to the address', () => {
    expect(mailtoHref(' support@loanmarket.pk ')).toBe('mailto:support@loanmarket.pk');
  });
  it('opens WhatsApp with the international number', () => {
    expect(whatsappHref('+92 300 0000123')).toBe('https://wa.me/923000000123');
    expect(whatsappHref('0300 0000123')).toBe('https://wa.me/923000000123');
    expect(whatsappHref('0092 300 0000123')).toBe('https://wa.me/923000000123');
  });
});
