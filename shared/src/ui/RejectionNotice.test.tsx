/** The rejection card's words at 360 px: the reopening date never broken across lines, the open products listed with the language's comma. */
import { act, render, screen } from '@testing-library/react';
import { startI18n } from '../i18n/setup';
import { setLanguage } from '../session/actions';
import { RejectionNotice } from './RejectionNotice';

startI18n();
afterEach(() => act(() => setLanguage('en')));

const open = [
  { name: 'Roshan Flex', lenderName: 'Roshan Credit' },
  { name: 'Easy Cash', lenderName: 'Karachi Lending' },
];

it.each([
  ['en', 'Sahulat Finance did not approve your application. You can apply to Sahulat Finance again from 2026-12-28.', 'Roshan Flex (Roshan Credit), Easy Cash'],
  [
    'ur',
    'Sahulat Finance نے آپ کی درخواست منظور نہیں کی۔ آپ 2026-12-28 سے Sahulat Finance کو دوبارہ درخواست دے سکتے ہیں۔',
    'Roshan Flex (Roshan Credit)، Easy Cash',
  ],
])('%s: the date is one left-to-right piece that does not wrap; the products are listed with the comma of the language', (lang, sentence, list) => {
  act(() => setLanguage(lang));
  render(<RejectionNotice lender="Sahulat Finance" reapplyAt="2026-12-28T12:00:00Z" open={open} />);
  const date = screen.getByText('2026-12-28', { exact: true });
  expect(date).toHaveClass('ltr'); // unicode-bidi: isolate; direction: ltr; white-space: nowrap (styles.css)
  expect(date).toHaveAttribute('dir', 'ltr');
  const notice = screen.getByTestId('rejection-notice');
  expect(notice.textContent?.replace(/[\u2066-\u2069]/g, '')).toContain(sentence);
  expect(notice.textContent).toContain(list);
});
