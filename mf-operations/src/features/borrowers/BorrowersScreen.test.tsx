import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { BorrowerOrder, BorrowerView } from '../../api/types';
import { i18n, setLang, startI18n } from '../../shell/i18n';
import BorrowersScreen from './BorrowersScreen';

const owing = { principal: 0, interest: 0, penalty: 0, fee: 0, coupon: 0 };
const order = (orderNo: string, status: number, statusText: string): BorrowerOrder => ({
  orderNo,
  status,
  statusText,
  productId: 1,
  amount: 10000,
  tenureDays: 30,
  createdAt: '2026-11-01T10:00:00.000Z',
  disbursedAt: null,
  paidOffAt: null,
  dueDate: null,
  owedNow: 0,
  owing,
  paid: 0,
  waived: 0,
  refundOwed: 0,
  refundOutgoing: 0,
  writtenOff: 0,
});
const view: BorrowerView = {
  borrower: {
    userId: 7,
    registeredAt: '2026-10-01T10:00:00.000Z',
    creditLimit: 20000,
    onTimeRepayments: 1,
    dataDeleted: false,
    mobile: '0300****567',
    name: 'Ayesha Khan',
    nationalId: '35202-*******-1',
    age: 30,
    gender: null,
    education: null,
    maritalStatus: null,
    loanPurpose: null,
    residenceType: null,
    city: null,
    state: null,
    previouslyBorrowed: null,
    work: null,
    emergencyContacts: [],
    idReadConfidence: null,
  },
  orders: [order('LN-PAYFAIL', 10, 'failed'), order('LN-CONFIRM', 14, 'incomplete')],
  payments: [
    {
      payOrderId: 'PAY1',
      orderNo: 'LN-PAYFAIL',
      kind: 'extension',
      amount: 500,
      channel: 'easypaisa',
      status: 'success',
      createdAt: '2026-11-02T10:00:00.000Z',
      completedAt: null,
    },
  ],
  proofs: [],
  complaints: [
    {
      ticketNo: 'CMP-1',
      category: 'disbursal',
      status: 'inProgress',
      createdAt: '2026-11-03T10:00:00.000Z',
      resolveBy: '2026-11-10T10:00:00.000Z',
      answered: false,
      resolvedAt: null,
    },
  ],
};

beforeAll(() => startI18n());
beforeEach(async () => {
  await setLang('en');
  globalThis.fetch = jest.fn().mockResolvedValue(new Response(JSON.stringify(view), { status: 200, headers: { 'content-type': 'application/json' } }));
});

test("a borrower's orders, payments (their channel too) and complaints in words, never the API's numbers or codes", async () => {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/borrowers?user=7']}>
        <Routes>
          <Route path="/borrowers" element={<BorrowersScreen />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  const rows = within(await screen.findByRole('table', { name: 'Orders' })).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Payout failed');
  expect(rows[2]).toHaveTextContent('Approved, not confirmed');
  expect(rows[2]).not.toHaveTextContent('incomplete');
  const detail = screen.getByRole('region', { name: /Ayesha Khan/ });
  expect(detail).toHaveTextContent('Extension fee');
  expect(detail).toHaveTextContent('Paid');
  expect(detail).toHaveTextContent('Receiving the loan');
  expect(detail).toHaveTextContent('In progress');
  expect(detail).toHaveTextContent('Easypaisa');
  for (const code of ['extension', 'success', 'disbursal', 'easypaisa']) expect(detail).not.toHaveTextContent(new RegExp(`\\b${code}\\b`));
});
