/**
 * The platform's later strings (later.ts): a schema's message shown before they have loaded (a hydrated page's form,
 * submitted at once) is empty, never its key, and appears once they load, with no other render asked for.
 */
import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';

test('before the later strings a message is empty, not its key; the screen shows it once they load', async () => {
  await jest.isolateModulesAsync(async () => {
    // a fresh i18n and later.ts: the jest setup has loaded the strings into the shared ones
    const { i18n, startI18n } = await import('../setup');
    const { loadLaterStrings } = await import('../later');
    startI18n();
    expect(i18n.t('validation.invalid')).toBe('');
    expect(i18n.t('common:validation.invalid')).toBe('');
    expect(i18n.t('error.noSuchKey')).toBe('error.noSuchKey');
    function Message() {
      const { t } = useTranslation('common', { i18n });
      return <p data-testid="message">{t('validation.invalid')}</p>;
    }
    render(<Message />);
    expect(screen.getByTestId('message').textContent).toBe('');
    await act(() => loadLaterStrings());
    expect(screen.getByTestId('message').textContent).toBe('Invalid value');
  });
});
