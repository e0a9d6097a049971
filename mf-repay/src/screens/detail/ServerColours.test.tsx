/** The repay screens take status colours (repay-color) and the offers to borrow again (repay/products) from the server. */
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n, registerResources, startI18n, useRequest } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { StatusBadge } from './StatusBadge';
import { NextLoans } from './NextLoans';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), useRequest: jest.fn() }));
const mockedUseRequest = useRequest as jest.Mock;

const colors = { repaying: '#123456', overdue: '#654321', dueSoon: '#abcdef', finished: '#0f0f0f', dueSoonDays: 3 };
const product = (productId: string, available: boolean) => ({
  productId,
  name: `Product ${productId}`,
  lenderName: 'Sahulat Finance',
  minAmount: 1000,
  maxAmount: 60000,
  step: 500,
  tenures: [91, 180],
  dailyInterestRate: 0.01,
  annualInterestRate: 3.65,
  processingFeeRate: 2,
  taxRate: 18,
  penaltyRatePerDay: 2,
  extensionEnabled: true,
  extensionDays: 30,
  extensionFeeRate: 5,
  minRepayment: 1000,
  reloanOnly: productId === 'P004',
  tag: null,
  available,
  maxAvailable: 30000,
});

beforeAll(() => {
  startI18n();
  registerResources('repay', { en, ur });
});
afterEach(() => {
  void i18n.changeLanguage('en');
});

const wrap = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

describe('status colours from the server', () => {
  it('paints the badge in the colour the server gives its tone, with the word', () => {
    wrap(<StatusBadge status={2} daysToDue={2} colors={colors} />);
    const badge = screen.getByTestId('repay-status');
    expect(badge).toHaveTextContent('Due soon');
    expect(badge.getAttribute('data-tone')).toBe('dueSoon');
    expect(badge.style.getPropertyValue('--tone')).toBe('#abcdef');
  });
  it('in Urdu the word is translated; overdue takes the overdue colour', async () => {
    await i18n.changeLanguage('ur');
    wrap(<StatusBadge status={3} daysToDue={-28} colors={colors} />);
    expect(screen.getByTestId('repay-status')).toHaveTextContent(ur.status.overdue);
    expect(screen.getByTestId('repay-status').style.getPropertyValue('--tone')).toBe('#654321');
  });
  it("without the colours (not loaded yet) the kit's neutral badge, still with the word", () => {
    wrap(<StatusBadge status={2} daysToDue={2} />);
    expect(screen.getByTestId('repay-status')).toHaveTextContent('Repaying');
    expect(screen.getByTestId('repay-status').getAttribute('data-tone')).toBeNull();
  });
});

describe('offers to borrow again after paying off', () => {
  it('lists the products the server says the borrower may apply for now, each leading to the borrow screen', () => {
    mockedUseRequest.mockReturnValue({ data: { products: [product('P001', true), product('P004', true), product('P003', false)] }, loading: false });
    wrap(<NextLoans />);
    const list = screen.getByTestId('repay-next-loans');
    expect(list.querySelectorAll('[data-product]')).toHaveLength(2);
    expect(list).toHaveTextContent('Product P004');
    expect(list).not.toHaveTextContent('Product P003');
    expect(list).toHaveTextContent(/Up to .*30,000.* for 180 days/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Apply' })[1]);
    expect(window.location.hash).toBe('#/borrow/to_borrow?productId=P004');
  });
  it('shows nothing when there is no offer', () => {
    mockedUseRequest.mockReturnValue({ data: { products: [product('P003', false)] }, loading: false });
    const { container } = wrap(<NextLoans />);
    expect(container).toBeEmptyDOMElement();
  });
});
