/** Bank-account rules: type-specific fields, confirmation match, wallet format, phone change with a code, the registered number's code. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError, ErrorCode, call, registerResources, startI18n, useSession, type UserInfo } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { BankCardForm } from './BankCardForm';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), call: jest.fn() }));
const mockedCall = call as jest.MockedFunction<typeof call>;
startI18n();
registerResources('onboarding', { en, ur });

const b = en.bank;
const banks = {
  banks: [
    { index: 1, name: 'Allied Bank', code: 'ABPA', wallet: false },
    { index: 14, name: 'Easypaisa MFB', code: 'TMFB', wallet: true },
  ],
  wallets: [{ cardType: 'Easypaisa' as const, index: 14, name: 'Easypaisa' }],
};
const setup = (role: 'primary' | 'backup' = 'backup') => render(<BankCardForm role={role} banks={banks} current={null} holder="Ayesha Khan" notices={[]} />);
const code = b.accountCode;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: b.submit })));

beforeEach(() => {
  localStorage.clear();
  // a known borrower: drafts are kept under their id (features/borrower.ts)
  useSession.setState({ userInfo: { userId: 7 } as UserInfo });
  mockedCall.mockReset();
});

describe('BankCardForm', () => {
  it('prefills the holder name and lists only banks (not wallets) for a bank account', () => {
    setup();
    expect(screen.getByLabelText(b.cardHolder)).toHaveValue('Ayesha Khan');
    expect(screen.getByRole('option', { name: 'Allied Bank' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Easypaisa MFB' })).toBeNull();
  });

  it('card data is never left on the phone: the draft keeps the bank and holder, not the account number, CVC or expiry', () => {
    localStorage.setItem('onboarding:user:draft:backupBank:7', JSON.stringify({ cardType: 'bank', accountNumber: '1234567890123456', cvc: '123' }));
    setup();
    type(b.bank, '1');
    type(b.account.bank, '9876543210987654');
    type(b.confirmAccount, '9876543210987654');
    type(b.cvc, '321');
    const stored = Object.keys(localStorage)
      .map((k) => localStorage.getItem(k) ?? '')
      .join(' ');
    expect(stored).toContain('Ayesha Khan');
    for (const secret of ['9876543210987654', '1234567890123456', '321', '"cvc"', 'accountNumber']) expect(stored).not.toContain(secret);
  });

  it('the confirmation must match the account number', async () => {
    setup();
    type(b.bank, '1');
    type(b.account.bank, '1234567890123456');
    type(b.confirmAccount, '1234567890123457');
    await submit();
    expect(screen.getAllByText('The two account numbers you entered are not the same').length).toBeGreaterThan(0);
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it('a wallet needs no bank, is typed as 03XX XXXXXXX and hides the card fields', async () => {
    mockedCall.mockResolvedValue({ card: {} } as never);
    setup();
    fireEvent.click(screen.getByLabelText(en.options.cardType.Jazzcash));
    expect(screen.queryByLabelText(b.bank)).toBeNull();
    expect(screen.queryByLabelText(b.validPeriod)).toBeNull();
    type(b.account.Jazzcash, '03001234567');
    expect(screen.getByLabelText(b.account.Jazzcash)).toHaveValue('0300 1234567');
    type(b.confirmAccount, '03001234567');
    type(code.code, '123456');
    await submit();
    expect(mockedCall).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/portal/bankCard/bind-backup' }),
      expect.objectContaining({ cardType: 'Jazzcash', accountNumber: '03001234567', bankIndex: 31, mobile: undefined, code: undefined, accountCode: '123456' }),
    );
  });

  const fillWallet = () => {
    fireEvent.click(screen.getByLabelText(en.options.cardType.Jazzcash));
    type(b.account.Jazzcash, '03001234567');
    type(b.confirmAccount, '03001234567');
  };

  it('saving needs the code from the registered number: without it nothing is sent and the field says so', async () => {
    setup();
    fillWallet();
    await submit();
    expect(mockedCall).not.toHaveBeenCalled();
    expect(screen.getByText('Verification code cannot be empty')).toBeInTheDocument();
    expect(screen.getByLabelText(b.account.Jazzcash)).toHaveValue('0300 1234567');
  });

  it('the code is asked for the registered number (type bankAccount), whatever mobile the account uses', async () => {
    useSession.setState({ userInfo: { mobile: '3001112222', maskedMobile: '0300****222' } as never });
    mockedCall.mockResolvedValue({ sent: true, channel: 'sms', resendAfterSeconds: 60, expiresInSeconds: 600 } as never);
    setup();
    expect(screen.getByText('0300****222')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: code.getCode })[0]));
    expect(mockedCall).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/security/getVerifyCode' }),
      expect.objectContaining({ mobile: '3001112222', type: 'bankAccount', channel: 'sms' }),
    );
  });

  it('a wrong code is shown on its field in Urdu, and nothing typed is lost', async () => {
    mockedCall.mockRejectedValue(new ApiError(ErrorCode.otpInvalid, 'تصدیقی کوڈ غلط ہے', { triesLeft: 4, fields: { accountCode: 'validation.codeInvalid' } }));
    setup();
    fillWallet();
    type(code.code, '654321');
    await submit();
    expect(screen.getByLabelText(code.code)).toHaveValue('654321');
    expect(screen.getByLabelText(b.account.Jazzcash)).toHaveValue('0300 1234567');
    expect(screen.getByLabelText(b.cardHolder)).toHaveValue('Ayesha Khan');
    expect(screen.getAllByText('Invalid verification code').length).toBeGreaterThan(0);
  });

  it('the recent account changes are listed with the warning to call if one was not the borrower', () => {
    render(
      <BankCardForm
        role="primary"
        banks={banks}
        current={null}
        holder="Ayesha Khan"
        notices={[{ kind: 'primaryChanged', at: '2026-11-25T10:00:00.000Z', bankName: 'JazzCash', accountMasked: '****4567' }]}
      />,
    );
    expect(screen.getByText(/Receiving account changed to JazzCash/)).toBeInTheDocument();
    expect(screen.getByText(b.notices.notYou)).toBeInTheDocument();
  });

  it('another mobile for the account shows the number and a code field (one-time or voice)', () => {
    setup();
    expect(screen.queryByLabelText(b.newMobile)).toBeNull();
    fireEvent.click(screen.getByLabelText(b.otherMobile));
    expect(screen.getByLabelText(b.newMobile)).toBeInTheDocument();
    expect(screen.getByLabelText(en.login.code)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: en.login.voice })).toHaveLength(2); // its own and the registered number's code
  });

  it('an IBAN is upper-cased and checked for the Pakistani format', async () => {
    setup();
    fireEvent.click(screen.getByRole('radio', { name: en.options.cardType.IBAN }));
    const iban = screen.getByRole('textbox', { name: b.account.IBAN });
    fireEvent.change(iban, { target: { value: 'pk36 scbl 0000 0011 2345' } });
    expect(iban).toHaveValue('PK36SCBL000000112345');
    type(b.confirmAccount, 'PK36SCBL000000112345');
    await submit();
    expect(screen.getAllByText(/Please enter a valid IBAN/).length).toBeGreaterThan(0);
  });
});
