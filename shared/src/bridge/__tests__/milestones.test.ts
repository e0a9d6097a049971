/** Journey milestones to the wrapper's analytics: both channels, never in a plain browser, disbursal/repayment once per order. */
import { MILESTONES, logMilestone, reportOrderMilestones } from '../milestones';
import { logout } from '../../session/actions';

type Sent = { action: string; data: { name: string; params: Record<string, unknown> } };
let sent: Sent[];
const inApp = () => {
  (window as unknown as { AppBridge: unknown }).AppBridge = { postMessage: (json: string) => sent.push(JSON.parse(json)) };
};

beforeEach(() => {
  sent = [];
  localStorage.clear();
  delete (window as unknown as { AppBridge?: unknown }).AppBridge;
});

describe('journey milestones', () => {
  it('in a plain browser nothing is sent', () => {
    logMilestone(MILESTONES.register);
    reportOrderMilestones({ orderNo: 'LM1', status: 4, amount: 5000 });
    expect(sent).toEqual([]);
    expect(localStorage.getItem('milestones:user:reported')).toBeNull();
  });

  it('inside the wrapper each milestone goes to logEventByLocal and logEventByAF with its params', () => {
    inApp();
    logMilestone(MILESTONES.apply, { orderNo: 'LM1', amount: 5000 });
    expect(sent.map((m) => m.action)).toEqual(['logEventByLocal', 'logEventByAF']);
    for (const m of sent) expect(m.data).toEqual({ name: 'lm_apply', params: { orderNo: 'LM1', amount: 5000 } });
  });

  it('disbursed when the app first sees the money paid out, repaid when it first sees the loan paid off: once each per order', () => {
    inApp();
    const names = () => sent.filter((m) => m.action === 'logEventByLocal').map((m) => `${m.data.name}:${m.data.params.orderNo}`);
    reportOrderMilestones({ orderNo: 'LM1', status: 14, amount: 5000 }); // approved, not paid out
    expect(names()).toEqual([]);
    reportOrderMilestones({ orderNo: 'LM1', status: 2, amount: 5000 });
    reportOrderMilestones({ orderNo: 'LM1', status: 2, amount: 5000 });
    reportOrderMilestones({ orderNo: 'LM1', status: 3, amount: 5000 });
    expect(names()).toEqual(['lm_disbursed:LM1']);
    reportOrderMilestones({ orderNo: 'LM1', status: 4, amount: 5000 });
    reportOrderMilestones({ orderNo: 'LM1', status: 4, amount: 5000 });
    expect(names()).toEqual(['lm_disbursed:LM1', 'lm_repaid:LM1']);
    // first seen already paid off (another phone saw the payout): both, in order
    reportOrderMilestones({ orderNo: 'LM2', status: 4, amount: 3000 });
    expect(names()).toEqual(['lm_disbursed:LM1', 'lm_repaid:LM1', 'lm_disbursed:LM2', 'lm_repaid:LM2']);
    expect(sent.find((m) => m.data.name === 'lm_repaid')?.data.params).toEqual({ orderNo: 'LM1', amount: 5000 });
  });

  it('log-out forgets which orders were reported: nothing of the borrower stays on a shared phone', () => {
    inApp();
    reportOrderMilestones({ orderNo: 'LM1', status: 2, amount: 5000 });
    expect(Object.keys(localStorage)).toEqual(['milestones:user:reported']);
    logout({ navigate: false });
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
