import { fireEvent, render, screen } from '@testing-library/react';
import { FaqSection } from './FaqSection';

const section = {
  title: 'Payments',
  open: true,
  problems: [
    { subtitle: 'How do I pay?', content: '<img src=x onerror="alert(1)"><b>Bold</b>\nSecond line', open: false },
    { subtitle: 'Late?', content: 'A penalty applies.', open: true },
  ],
};

describe('FaqSection', () => {
  it('renders server content as text, never as HTML', () => {
    const { container } = render(<FaqSection section={section} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/<b>Bold<\/b>/, { exact: false })).toBeInTheDocument();
  });

  it('starts as the server says and toggles with aria-expanded', () => {
    render(<FaqSection section={section} />);
    const q1 = screen.getByRole('button', { name: 'How do I pay?' });
    const q2 = screen.getByRole('button', { name: 'Late?' });
    expect(q1).toHaveAttribute('aria-expanded', 'false');
    expect(q2).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('A penalty applies.')).toBeVisible();
    fireEvent.click(q1);
    expect(q1).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Second line/)).toBeVisible();

    const head = screen.getByRole('button', { name: 'Payments' });
    expect(head).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(head);
    expect(head).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('A penalty applies.')).not.toBeVisible();
  });
});
