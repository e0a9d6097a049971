/**
 * QA fixtures (dev controls only): a fresh test borrower put straight into a state a remote needs,
 * signed in. Every step is the real service call, its parameters checked by the call's schema as
 * the wire dispatcher does, and the decisions are the lifecycle jobs' with outcomes forced as
 * /__dev/force forces them; only time moves, per order, as /__dev/order/shift moves it. But the
 * one-time codes: the fixture writes its number's codes as getVerifyCode stores them, unasked, so a QA
 * machine making borrowers all day is not a person asking codes at its address (the challenge after
 * 8 an hour, the budgets and ceilings count people's requests: they stopped the fixtures).
 */
import { randomUUID } from 'node:crypto';
import C from '../api/contract';
import type { EndpointName, QaFixtureState } from '../api/contract';
import type { Ctx, Deps } from '../context/deps';
import type { Req, Res } from '../api/calls';
import { forceAtRails, type DevState, type Forced } from './controls';
import { runHandler } from '../services';
import { authenticate } from '../usecases/sessions';
import { findUserByMobile } from '../repos/users';
import { DAY_MS } from '../core/time';
import { randomDigits } from '../core/secrets';
import { shiftOrder } from './shifts';
import { otpHash } from '../usecases/otp';
import { replaceCodes } from '../repos/otps';
import { purposeOf } from '../domain/otp';
import { POLICY } from '../settings/policy';
import { ADDITION, ANSWERS, BASIC, CARD, LOAN, borrowerPhotos } from './borrower';

const { OrderStatus, endpointSchemas, normalizeMobile } = C;

/** how far each state goes: the outcomes forced, and the days a disbursed loan is moved back */
const PLANS = {
  /** onboarded, no loan yet */
  onboarded: { force: null, until: null },
  awaitingConfirmation: { force: { review: 'approve' }, until: OrderStatus.Confirm },
  rejected: { force: { review: 'reject' }, until: OrderStatus.Reject },
  payoutFailed: { force: { review: 'approve', payout: 'fail' }, until: OrderStatus.PayFail },
  repaying30Days: { force: { review: 'approve', payout: 'ok' }, until: OrderStatus.Repaying, daysIn: 30 },
  overdue: { force: { review: 'approve', payout: 'ok' }, until: OrderStatus.Overdued, daysIn: LOAN.tenureDays + 3 },
} satisfies Record<QaFixtureState, { force: Forced | null; until: number | null; daysIn?: number }>;

export type FixtureState = QaFixtureState;
/** the contract's list (a plan for each: PLANS) */
export const FIXTURE_STATES = C.QA_FIXTURE_STATES;
export const isFixtureState = (s: unknown): s is FixtureState => typeof s === 'string' && Object.hasOwn(PLANS, s);

export interface Fixture {
  state: FixtureState;
  mobile: string;
  token: string;
  user: Res<'getUserInfo'>;
  orderNo: string | null;
  status: number | null;
}

export async function buildFixture(deps: Deps, dev: DevState, runJobs: () => Promise<unknown>, state: FixtureState, ip: string): Promise<Fixture> {
  const signedIn: { token?: string } = {};
  const run = async <N extends EndpointName>(name: N, params: Record<string, unknown>, file?: Ctx['file']): Promise<Res<N>> => {
    const { token } = signedIn;
    const a = token ? await authenticate(deps, `Bearer ${token}`) : null;
    const user = a && 'user' in a ? a.user : null;
    const request = endpointSchemas[name].request.parse(params) as Req<N>;
    return runHandler(name, request, { deps, user, lang: 'en', ip, file }, token);
  };
  /** a code of `type` for the fixture's number, stored as getVerifyCode stores one */
  const codeFor = async (mobile: string, type: 'register' | 'bankAccount') => {
    const code = randomDigits(POLICY.otp.length);
    const purpose = purposeOf(type);
    const now = deps.clock.now();
    const expires = now + POLICY.otp.expirySeconds * 1000;
    await replaceCodes(deps.db, {
      mobile,
      purpose,
      channel: 'sms',
      code_hash: otpHash(deps, mobile, purpose, code),
      created_at: now,
      expires_at: expires,
      attempts: 0,
      used_at: null,
    });
    return code;
  };

  let mobile: string;
  do mobile = normalizeMobile(`0345${randomDigits(7)}`);
  while (await findUserByMobile(deps.db, mobile));
  const session = await run('register', { mobile, code: await codeFor(mobile, 'register') });
  signedIn.token = session.token;

  const cfg = await run('marketConfig', {});
  const { version } = await run('consent', {});
  await run('saveConsent', { version, permissions: cfg.permissions.filter((p) => p.enabled).map((p) => p.key) });
  await run('saveBasicInfo', BASIC);
  const { card, face } = await borrowerPhotos();
  await run('uploadOtherCardFront', {}, { buffer: card, mime: 'image/jpeg' });
  await run('uploadOtherCardBack', {}, { buffer: card, mime: 'image/jpeg' });
  await run('saveFaceImage', {}, { buffer: face, mime: 'image/jpeg' });
  await run('finishUploadAllImg', { agree: true });
  await run('saveAdditionInfo', ADDITION);
  await run('addBankCard', { ...CARD, accountCode: await codeFor(mobile, 'bankAccount') });
  await run('saveQuestionnaire', { answers: ANSWERS });

  const plan: { force: Forced | null; until: number | null; daysIn?: number } = PLANS[state];
  // the user as the app reads it once signed in (the profile filled)
  const done = async (orderNo: string | null, status: number | null): Promise<Fixture> => ({
    state,
    mobile,
    token: session.token,
    user: await run('getUserInfo', {}),
    orderNo,
    status,
  });
  if (!plan.force) return done(null, null);
  const { payout, ...decisions } = plan.force as Forced;
  dev.force.set(mobile, { ...dev.force.get(mobile), ...decisions });
  await forceAtRails(deps.cfg.railsUrl, mobile, { payout });
  const { order } = await run('applyMarket', LOAN);
  const { orderNo } = order;
  const statusNow = async () => (await run('latestOrder', {})).order?.status ?? null;
  // the review decides once its delay is over: the order is moved back by it, then the job runs
  await shiftOrder(deps, orderNo, deps.cfg.reviewDelayMs);
  await runJobs();
  if (plan.until !== OrderStatus.Reject) {
    if ((await statusNow()) !== OrderStatus.Confirm) throw new Error(`fixture ${state}: order ${orderNo} was not approved`);
    if (plan.until !== OrderStatus.Confirm) {
      await run('getMoney', { orderNo, agree: true, idempotencyKey: randomUUID().replace(/-/g, '') });
      await shiftOrder(deps, orderNo, deps.cfg.payoutDelayMs);
      await runJobs();
    }
    if (plan.daysIn) {
      await shiftOrder(deps, orderNo, plan.daysIn * DAY_MS);
      await runJobs();
    }
  }
  const status = await statusNow();
  if (status !== plan.until) throw new Error(`fixture ${state}: order ${orderNo} is at status ${status}, not ${plan.until}`);
  return done(orderNo, status);
}
