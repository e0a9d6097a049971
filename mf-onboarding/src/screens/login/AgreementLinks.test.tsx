/** The login agreement line reads as a sentence of its language: Urdu's comma (،) in Urdu, never a Latin one. */
import { act, render } from '@testing-library/react';
import { registerResources, setLanguage, startI18n } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { AgreementLinks } from './AgreementLinks';

startI18n();
registerResources('onboarding', { en, ur });
afterEach(() => act(() => setLanguage('en')));

it('lists the three policies with the comma of the language', () => {
  const { container, rerender } = render(<AgreementLinks />);
  expect(container.textContent).toBe(`${en.login.agreePrefix} ${en.login.privacyPolicy}, ${en.login.termsCondition} ${en.login.and} ${en.login.dataPolicy}`);
  act(() => setLanguage('ur'));
  rerender(<AgreementLinks />);
  expect(container.textContent).toBe(`${ur.login.agreePrefix} ${ur.login.privacyPolicy}، ${ur.login.termsCondition} ${ur.login.and} ${ur.login.dataPolicy}`);
  expect(container.textContent).not.toContain(',');
});
