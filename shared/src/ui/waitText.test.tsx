import { i18n, startI18n, useSession } from 'shared';
import { act, render, screen } from '@testing-library/react';
import { OneTimeCodeField } from './OneTimeCodeField';
import { waitText } from './waitText';

startI18n();
const t = i18n.t.bind(i18n);
afterEach(() => act(() => useSession.setState({ language: 'en' })));

it('says a wait in seconds, minutes and hours, never shorter than it is', () => {
  expect(waitText(t, 42)).toBe('42 s');
  expect(waitText(t, 59.2)).toBe('60 s');
  expect(waitText(t, 119)).toBe('119 s');
  expect(waitText(t, 120)).toBe('2 min');
  expect(waitText(t, 250)).toBe('4 min 10 s');
  expect(waitText(t, 3600)).toBe('1 h');
  // a day's code budget, as the server answered it (issue 38): 23 h 54 min 48 s
  expect(waitText(t, 86_088)).toBe('23 h 55 min');
  expect(waitText(t, 0)).toBe('0 s');
});

it('in Urdu', () => {
  act(() => useSession.setState({ language: 'ur' }));
  expect(waitText(t, 86_088)).toBe('23 گھنٹے 55 منٹ');
  expect(waitText(t, 250)).toBe('4 منٹ 10 سیکنڈ');
});

it("the code field's resend button says the wait so", () => {
  render(<OneTimeCodeField texts="verify" smsLeft={86_088} voiceLeft={0} sending={null} onSend={() => undefined} value="" onChange={() => undefined} />);
  expect(screen.getByRole('button', { name: 'Resend in 23 h 55 min' })).toBeDisabled();
});
