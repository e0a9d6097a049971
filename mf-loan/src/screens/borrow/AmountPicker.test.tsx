import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { registerResources, startI18n } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { AmountPicker, defaultAmount } from './AmountPicker';

startI18n();
registerResources('loan', { en, ur });
const AMOUNTS = [1000, 2000, 3000, 4000, 5000];

function Harness() {
  const [v, setV] = useState(defaultAmount(AMOUNTS)!);
  return <AmountPicker amounts={AMOUNTS} value={v} onChange={setV} hint="limit" />;
}

describe('AmountPicker', () => {
  it('starts at a modest amount, not the maximum', () => {
    expect(defaultAmount(AMOUNTS)).toBe(3000);
    expect(defaultAmount([5000])).toBe(5000);
    render(<Harness />);
    expect(screen.getByLabelText('Amount')).toHaveValue('3000');
  });
  it('steps one amount per press, within the bounds, and slides to any step', () => {
    render(<Harness />);
    const more = screen.getByRole('button', { name: 'Rs 1,000 more' });
    fireEvent.click(more);
    fireEvent.click(more);
    expect(screen.getByLabelText('Amount')).toHaveValue('5000');
    expect(more).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1000' } });
    expect(screen.getByRole('button', { name: 'Rs 1,000 less' })).toBeDisabled();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-valuetext', 'Rs 1,000');
  });
});
