import { i18n, registerResources, startI18n } from 'shared';
import { en } from '../i18n/en';
import { ur } from '../i18n/ur';
import { amountLabel, statementCsv, statementFileName } from './statement';
import type { RepaymentStatement, StatementLine } from './types';

const zero = { principal: 0, interest: 0, penalty: 0, fee: 0, coupon: 0, paid: 0, received: 0, overpaid: 0 };
const line = (l: Partial<StatementLine> & Pick<StatementLine, 'event' | 'balance'>): StatementLine => ({ at: '2026-03-01T05:00:00.000Z', ...zero, ...l });
const statement: RepaymentStatement = {
  orderNo: 'LM2026/0001',
  generatedAt: '2026-03-02T05:00:00.000Z',
  amountDue: 4905,
  lines: [
    line({ event: 'disbursal', principal: 5000, received: 4823, balance: 5000 }),
    line({ event: 'interest', interest: 5, balance: 5005 }),
    line({ event: 'payment', principal: -100, paid: 100, balance: 4905 }),
  ],
};

beforeAll(() => {
  startI18n();
  registerResources('repay', { en, ur });
});

describe('the statement file', () => {
  it('is a CSV row per money event under a header in the chosen language, amounts as plain numbers', async () => {
    await i18n.changeLanguage('en');
    const rows = statementCsv(statement, i18n.getFixedT('en', 'repay')).trimEnd().split('\r\n');
    expect(rows[0]).toBe('Date,Event,Principal,Interest,Overdue fee,Extension fee,Coupon,Paid,Received,Paid above due,You owe');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^2026-03-01 \d\d:\d\d:\d\d,Loan paid out,5000,0,0,0,0,0,4823,0,5000$/);
    expect(rows[3]).toMatch(/,Payment,-100,0,0,0,0,100,0,0,4905$/);
  });

  it('names the fee and tax owed at a payout without deduction (market profile) apart from extension fees, its column "Fees"', () => {
    const t = i18n.getFixedT('en', 'repay');
    const pk = { ...statement, lines: [line({ event: 'disbursal', principal: 5000, fee: 590, received: 5000, balance: 5590 }), statement.lines[1]] };
    expect(statementCsv(pk, t).split('\r\n')[0]).toContain(',Overdue fee,Fees,Coupon,');
    expect(t(amountLabel(pk.lines[0], 'fee'))).toBe('Fee and tax');
    expect(t(amountLabel(line({ event: 'extensionFee', fee: 500, balance: 0 }), 'fee'))).toBe('Extension fee');
  });

  it('is headed in Urdu for an Urdu reader', () => {
    const rows = statementCsv(statement, i18n.getFixedT('ur', 'repay')).split('\r\n');
    expect(rows[0].split(',')[0]).toBe(ur.statement.date);
    expect(rows[1]).toContain(ur.statement.events.disbursal);
  });

  it('quotes a field holding a comma or a quote, and names the file after the order without path characters', () => {
    const t = ((k: string) => (k === 'statement.events.payment' ? 'Paid, "cash"' : k)) as unknown as Parameters<typeof statementCsv>[1];
    expect(statementCsv({ ...statement, lines: [statement.lines[2]] }, t).split('\r\n')[1]).toContain(',"Paid, ""cash""",');
    expect(statementFileName('LM2026/0001')).toBe('statement-LM20260001.csv');
  });
});
