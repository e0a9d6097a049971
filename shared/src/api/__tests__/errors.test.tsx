import { render, screen } from '@testing-library/react';
import { startI18n } from '../../i18n/setup';
import { ErrorState } from '../../ui/States';
import { ApiError, errorMessageOf, toApiError } from '../errors';

beforeAll(() => startI18n());

describe('the message of a failure', () => {
  it("is the server's message, or 'request failed' for anything else", () => {
    expect(errorMessageOf(new ApiError(200303, 'This order cannot be cancelled'))).toBe('This order cannot be cancelled');
    expect(errorMessageOf(new TypeError('x is undefined'))).toBe('Request failed');
    const e = new ApiError(-1, 'offline', null, true);
    expect(toApiError(e)).toBe(e);
  });

  it('an error state shows it, and the network text for a network failure', () => {
    const { rerender } = render(<ErrorState error={new ApiError(400404, 'Not found')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not found');
    rerender(<ErrorState error={new ApiError(-1, 'whatever the client said', null, true)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Network failed, please reload the page');
  });
});
