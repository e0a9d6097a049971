import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n, registerResources, startI18n } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { Schedule } from './Schedule';

beforeAll(() => {
  startI18n();
  registerResources('repay', { en, ur });
});

const item = { installment: 1, dueDate: '2026-12-28', daysToDue: 5, principal: 3000, interest: 164, penalty: 40, reduction: 0, total: 3354, paid: 1190 };

describe('the schedule (issue 43)', () => {
  it('names the extension fees its total includes, and none when there are none', () => {
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <Schedule items={[{ ...item, status: 'pending', extensionFees: 150 }]} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('repay-schedule-extension-fees')).toHaveTextContent('Includes extension fees Rs 150');
    rerender(
      <I18nextProvider i18n={i18n}>
        <Schedule items={[{ ...item, status: 'pending', extensionFees: 0 }]} />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('repay-schedule-extension-fees')).toBeNull();
  });
});
