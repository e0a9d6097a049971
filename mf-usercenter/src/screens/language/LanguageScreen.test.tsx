import { act, fireEvent, render, screen } from '@testing-library/react';
import { useSession } from 'shared';
import { setupI18n } from '../../test/i18n';
import LanguageScreen from './LanguageScreen';

beforeAll(setupI18n);
afterEach(() => act(() => useSession.setState({ language: 'en' })));

describe('LanguageScreen', () => {
  it('switches the app to Urdu at once: right-to-left, stored, its own strings', () => {
    render(<LanguageScreen />);
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Language' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'اردو' }));

    expect(useSession.getState().language).toBe('ur');
    expect(window.localStorage.getItem('language')).toBe('ur');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ur');
    expect(screen.getByRole('radio', { name: 'اردو' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'زبان' })).toBeInTheDocument();
  });

  it('shows a stored non-English value (es) as Urdu, as the whole app does', () => {
    act(() => useSession.setState({ language: 'es' }));
    render(<LanguageScreen />);
    expect(screen.getByRole('radio', { name: 'اردو' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    expect(useSession.getState().language).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
