/** The products recommended after a rejection each open their application; none that would be refused is listed. */
import { fireEvent, render, screen } from '@testing-library/react';
import { go, registerResources, setLanguage, startI18n, useRequest, type Product } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { RejectedCard } from './RejectedCard';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), go: jest.fn(), useRequest: jest.fn() }));
const mockedGo = go as jest.MockedFunction<typeof go>;
const mockedRequest = useRequest as jest.MockedFunction<typeof useRequest>;
startI18n();
registerResources('onboarding', { en, ur });

const product = (productId: string, name: string, lenderName: string, available: boolean): Product => ({
  productId,
  name,
  lenderName,
  minAmount: 1000,
  maxAmount: 60000,
  step: 500,
  tenures: [91],
  dailyInterestRate: 0.08,
  annualInterestRate: 29.2,
  processingFeeRate: 4,
  taxRate: 18,
  penaltyRatePerDay: 2,
  extensionEnabled: true,
  extensionDays: 30,
  extensionFeeRate: 5,
  minRepayment: 1000,
  reloanOnly: false,
  tag: null,
  available,
  maxAvailable: available ? 5000 : 0,
});
const answer = (products: Product[]) =>
  mockedRequest.mockReturnValue({
    data: { recommend: products.length > 0, reapplyAt: '2026-02-01T00:00:00.000Z', products },
    loading: false,
    reload: jest.fn(),
  } as never);

beforeEach(() => {
  mockedGo.mockReset();
  mockedRequest.mockReset();
});

describe('RejectedCard recommendations', () => {
  it('each recommended product opens its application on to_borrow', () => {
    answer([product('P002', 'Roshan Flex', 'Roshan Credit', true), product('P003', 'Kamyab Plus', 'Kamyab Microfinance', true)]);
    render(<RejectedCard lender="Sahulat Finance" reapplyAt={null} />);
    const cards = screen.getAllByTestId('recommended-product');
    expect(cards).toHaveLength(2);
    const buttons = screen.getAllByRole('button', { name: en.review.apply });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]);
    expect(mockedGo).toHaveBeenCalledWith('toBorrow', { productId: 'P003' });
  });

  it('a product the server would refuse is not listed at all', () => {
    answer([product('P001', 'Sahulat Starter', 'Sahulat Finance', false), product('P002', 'Roshan Flex', 'Roshan Credit', true)]);
    render(<RejectedCard lender="Sahulat Finance" reapplyAt={null} />);
    expect(screen.getAllByTestId('recommended-product')).toHaveLength(1);
    expect(screen.queryByText('Sahulat Starter')).toBeNull();
  });

  it('nothing open: says so, with no link', () => {
    answer([]);
    render(<RejectedCard lender="Sahulat Finance" reapplyAt={null} />);
    expect(screen.getByText(en.review.noRecommendation)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.review.apply })).toBeNull();
  });

  it.each([
    [
      'en',
      'Sahulat Finance did not approve your application. You can apply to Sahulat Finance again from 2026-02-01.',
      'you can apply now for Roshan Flex (Roshan Credit)',
    ],
    ['ur', 'Sahulat Finance نے آپ کی درخواست منظور نہیں کی۔ آپ 2026-02-01 سے Sahulat Finance کو دوبارہ درخواست دے سکتے ہیں۔', 'Roshan Flex (Roshan Credit)'],
  ] as const)('%s: says which lender refused, from which date it reopens, and which products are open now', (lang, refused, open) => {
    setLanguage(lang);
    answer([product('P001', 'Sahulat Starter', 'Sahulat Finance', false), product('P002', 'Roshan Flex', 'Roshan Credit', true)]);
    render(<RejectedCard lender="Sahulat Finance" reapplyAt={null} />);
    const notice = screen.getByTestId('rejection-notice').textContent!.replace(/[\u2066-\u2069]/g, '');
    expect(notice).toContain(refused);
    expect(notice).toContain(open);
    expect(notice).not.toContain('Sahulat Starter');
    setLanguage('en');
  });
});
