/** 'Language changed' is said in the language chosen, also when that language's strings arrive after the tap (the composed app fetches Urdu then). */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { registerResources, startI18n, useSession, useToasts } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import LanguageScreen from './LanguageScreen';

beforeAll(() => {
  startI18n();
  // as the remote registers itself in the composed app: its Urdu fetched only once Urdu is chosen
  registerResources('usercenter', { en, ur: () => new Promise((done) => setTimeout(() => done(ur), 50)) });
});
afterEach(() => act(() => useSession.setState({ language: 'en' })));

const toasts = () => useToasts.getState().items.map((i) => i.text);

it('en -> اردو -> English: each toast in the language just chosen', async () => {
  render(<LanguageScreen />);
  fireEvent.click(screen.getByRole('radio', { name: 'اردو' }));
  await waitFor(() => expect(toasts()).toContain(ur.language.changed));
  expect(toasts()).not.toContain(en.language.changed);
  expect(screen.getByRole('heading', { name: ur.language.title })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('radio', { name: 'English' }));
  await waitFor(() => expect(toasts()).toContain(en.language.changed));
});
