import { act, fireEvent, render, screen } from '@testing-library/react';
import { call, go, registerResources, startI18n, useRequest, type BankCardView } from 'shared';
import { en } from '../i18n/en';
import { ur } from '../i18n/ur';
import { BackupPayoutOffer } from './BackupPayoutOffer';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), call: jest.fn(), go: jest.fn(), useRequest: jest.fn() }));
const mockedCall = call as jest.MockedFunction<typeof call>;
const mockedGo = go as jest.MockedFunction<typeof go>;
const mockedRequest = useRequest as jest.MockedFunction<typeof useRequest>;

startI18n();
registerResources('loan', { en, ur });

const card = (cardId: number, role: 'primary' | 'backup', createdAt: string): BankCardView => ({
  cardId,
  role,
  cardType: 'bank',
  bankIndex: 5,
  bankName: role === 'backup' ? 'Bank of Khyber' : 'Meezan Bank',
  bankCode: 'PK005',
  cardHolder: 'Ali Khan',
  accountMasked: '********4433',
  createdAt,
});
const primary = card(1, 'primary', '2026-01-01T10:00:00.000Z');
const backup = card(2, 'backup', '2026-01-02T10:00:00.000Z');
function cards(b: BankCardView | null) {
  mockedRequest.mockReturnValue({ data: { primary, backup: b }, loading: false, reload: jest.fn() } as never);
}

beforeEach(() => {
  mockedCall.mockReset();
  mockedGo.mockReset();
  mockedRequest.mockReset();
});

describe('BackupPayoutOffer', () => {
  it('offers nothing without a backup account', () => {
    cards(null);
    const { container } = render(<BackupPayoutOffer orderNo="LM1" failedCard={primary} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers nothing when the payout failed to the backup account itself (not edited since)', () => {
    cards(backup);
    const { container } = render(<BackupPayoutOffer orderNo="LM1" failedCard={backup} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('sends the money to the backup account, then the borrower confirms it', async () => {
    cards(backup);
    mockedCall.mockResolvedValue({ order: {} } as never);
    render(<BackupPayoutOffer orderNo="LM1" failedCard={primary} />);
    expect(screen.getByTestId('backup-offer')).toHaveTextContent(`${en.lending.backupOffer} Bank of Khyber · ********4433`);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.lending.useBackup })));
    expect(mockedCall).toHaveBeenCalledWith(expect.objectContaining({ path: '/portal/bankCard/use-backup' }), { orderNo: 'LM1' });
    expect(mockedGo).toHaveBeenCalledWith('confirmBorrow', { orderNo: 'LM1' });
  });

  it('an edited backup (the same card saved again) is offered again', () => {
    cards({ ...backup, createdAt: '2026-01-03T10:00:00.000Z' });
    render(<BackupPayoutOffer orderNo="LM1" failedCard={backup} />);
    expect(screen.getByRole('button', { name: en.lending.useBackup })).toBeInTheDocument();
  });

  it('shows the refusal and stays', async () => {
    cards(backup);
    const { ApiError } = jest.requireActual('shared');
    mockedCall.mockRejectedValue(new ApiError(200306, 'This action is not possible for the order now'));
    render(<BackupPayoutOffer orderNo="LM1" failedCard={primary} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.lending.useBackup })));
    expect(screen.getByRole('alert')).toHaveTextContent('This action is not possible for the order now');
    expect(mockedGo).not.toHaveBeenCalled();
  });
});
