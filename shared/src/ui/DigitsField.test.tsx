import { fireEvent, render, screen } from '@testing-library/react';
import { DigitsField, digitsOnly } from './DigitsField';

describe('digits-only fields', () => {
  it('keeps the digits of what is typed or pasted, at most the field length (more typing does nothing)', () => {
    expect(digitsOnly('35202-1234567-1', 13)).toBe('3520212345671');
    expect(digitsOnly('35202123456719', 13)).toBe('3520212345671');
    expect(digitsOnly('54 000', 5)).toBe('54000');
    expect(digitsOnly('abc', 5)).toBe('');
  });

  it('a pasted national ID with dashes keeps all its digits', () => {
    const seen: string[] = [];
    render(<DigitsField label="National ID" max={13} onChange={(e) => seen.push(e.target.value)} />);
    const input = screen.getByLabelText('National ID') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '35202-1234567-1' } });
    expect(input.value).toBe('3520212345671');
    expect(seen).toEqual(['3520212345671']);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).not.toHaveAttribute('maxlength');
  });
});
