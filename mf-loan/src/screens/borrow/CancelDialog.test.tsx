import { act, fireEvent, render, screen } from '@testing-library/react';
import { call, registerResources, startI18n } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { CancelDialog } from './CancelDialog';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), call: jest.fn() }));
const mockedCall = call as jest.MockedFunction<typeof call>;

startI18n();
registerResources('loan', { en, ur });

function setup() {
  const onCancelled = jest.fn();
  render(<CancelDialog orderNo="LM1" open onClose={() => {}} onCancelled={onCancelled} />);
  return { onCancelled };
}

beforeEach(() => mockedCall.mockReset());

describe('CancelDialog', () => {
  it('warns that the approval and its credit limit cannot be restored (the decided rule), in English and Urdu', () => {
    setup();
    expect(screen.getByText(en.cancel.warning)).toBeInTheDocument();
    expect(en.cancel.warning).toMatch(/cannot be restored/);
    expect(en.cancel.warning).not.toMatch(/back at once/);
    expect(ur.cancel.warning).not.toEqual(en.cancel.warning);
  });

  it('requires a reason, chosen as a single choice', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: en.cancel.submit }));
    expect(screen.getAllByText(en.cancel.chooseReason).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText(en.cancel.reasons.feeTooHigh));
    fireEvent.click(screen.getByLabelText(en.cancel.reasons.other));
    expect(screen.getByLabelText(en.cancel.reasons.feeTooHigh)).not.toBeChecked();
    expect(screen.getByLabelText(en.cancel.reasons.other)).toBeChecked();
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it('cancels with the one chosen reason', async () => {
    mockedCall.mockResolvedValue({ order: {} } as never);
    const { onCancelled } = setup();
    fireEvent.click(screen.getByLabelText(en.cancel.reasons.feeTooHigh));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.cancel.submit })));
    expect(mockedCall).toHaveBeenCalledWith(expect.objectContaining({ path: '/loan/order/cancel/{id}' }), { id: 'LM1', reason: 'feeTooHigh' });
    expect(onCancelled).toHaveBeenCalled();
  });

  it('shows the failure and stays open when the server refuses', async () => {
    const { ApiError } = jest.requireActual('shared');
    mockedCall.mockRejectedValue(new ApiError(200303, 'This order cannot be cancelled'));
    const { onCancelled } = setup();
    fireEvent.click(screen.getByLabelText(en.cancel.reasons.other));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.cancel.submit })));
    expect(screen.getByRole('alert')).toHaveTextContent(`${en.cancel.fail}: This order cannot be cancelled`);
    expect(onCancelled).not.toHaveBeenCalled();
  });
});
