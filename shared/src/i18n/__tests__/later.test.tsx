/**
 * The platform's later strings (later.ts): a schema's message shown before they have loaded (a hydrated page's form,
 * submitted at once) is empty, never its key, and a field shows it once they load with no other render asked for; `t`
 * stays the same object (an effect keyed to it must not run again: the settings screen's log-out toast ran twice).
 */
import type * as Rtl from '@testing-library/react/pure';
import type * as React from 'react';
import type { useTranslation } from 'react-i18next';

test('before the later strings a message is empty, not its key; a field shows it once they load, t unchanged', async () => {
  await jest.isolateModulesAsync(async () => {
    // a fresh i18n, react-i18next and later.ts (the jest setup has loaded the strings into the shared ones), and the React
    // they render with
    const { act, cleanup, render, screen } = (await import('@testing-library/react/pure')) as typeof Rtl;
    const { useEffect } = (await import('react')) as typeof React;
    const { i18n, startI18n } = await import('../setup');
    const { loadLaterStrings } = await import('../later');
    const { useErrorText } = await import('../../ui/errorText');
    const { useTranslation: useFreshTranslation } = (await import('react-i18next')) as { useTranslation: typeof useTranslation };
    startI18n();
    expect(i18n.t('validation.invalid')).toBe('');
    expect(i18n.t('common:validation.invalid')).toBe('');
    expect(i18n.t('error.noSuchKey')).toBe('error.noSuchKey');
    let tChanges = 0;
    function Field() {
      const errorText = useErrorText();
      const { t } = useFreshTranslation('common');
      useEffect(() => () => void tChanges++, [t]);
      return <p data-testid="message">{errorText('validation.invalid')}</p>;
    }
    render(<Field />);
    expect(screen.getByTestId('message').textContent).toBe('');
    await act(() => loadLaterStrings());
    expect(screen.getByTestId('message').textContent).toBe('Invalid value');
    expect(tChanges).toBe(0);
    cleanup();
  });
});
