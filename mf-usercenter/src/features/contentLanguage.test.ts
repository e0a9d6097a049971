import { contentDir } from 'shared/ui';
import { faqLanguage } from './contentLanguage';

describe('help content language', () => {
  it('asks for Spanish only when es is stored, else the UI language', () => {
    expect(faqLanguage('es')).toBe('es');
    expect(faqLanguage('en')).toBe('en');
    expect(faqLanguage(null)).toBe('en');
    expect(faqLanguage('ur')).toBe('ur');
    expect(faqLanguage('fr')).toBe('ur'); // any other value is Urdu
  });
  it('lays out Urdu right-to-left and the rest left-to-right', () => {
    expect(contentDir('ur')).toBe('rtl');
    expect(contentDir('es')).toBe('ltr');
    expect(contentDir('en')).toBe('ltr');
  });
});
