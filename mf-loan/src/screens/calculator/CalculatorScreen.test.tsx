/** The calculator asks only what the products offer, also when they change under the form (a pre-rendered page, then the API's). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { call, endpoints, registerResources, startI18n, useRequest, type Endpoint } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import CalculatorScreen from './CalculatorScreen';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), call: jest.fn(), useRequest: jest.fn() }));
const mockedCall = call as jest.MockedFunction<typeof call>;
const mockedRequest = useRequest as jest.MockedFunction<typeof useRequest>;
startI18n();
registerResources('loan', { en, ur });

const product = (tenures: number[]) => ({ productId: 'P001', name: 'Sahulat Starter', lenderName: 'Sahulat Finance', minAmount: 1000, maxAmount: 50_000, tenures });
function answers(tenures: number[]) {
  mockedRequest.mockImplementation(((e: Endpoint) =>
    ({
      data: e.name === endpoints.marketConfig.name ? { calculator: { min: 1000, max: 50_000 }, profile: {} } : { products: [product(tenures)] },
      loading: false,
      reload: jest.fn(),
    }) as never) as never);
}

it('a tenure the products stopped offering is not sent: the form takes the one they offer now', async () => {
  answers([91]); // the answers the page was rendered with
  const { rerender } = render(<CalculatorScreen />);
  answers([30]); // the API's, a moment later
  rerender(<CalculatorScreen />);
  mockedCall.mockResolvedValue({ figures: null } as never);
  fireEvent.change(screen.getByLabelText(en.calc.amount), { target: { value: '1000' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: en.calc.calculate })));
  expect(mockedCall).toHaveBeenCalledWith(expect.objectContaining({ name: 'calculator' }), expect.objectContaining({ amount: 1000, productId: 'P001', tenureDays: 30 }));
});
