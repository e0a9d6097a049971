/** Types of the repay calls, derived from the endpoint catalogue (the schemas are not exported by name). */
import type { endpoints, ResponseOf } from 'shared';

export type RepaymentDetail = ResponseOf<typeof endpoints.repaymentDetail>;
export type OrderView = RepaymentDetail['order'];
export type ScheduleItem = OrderView['schedule'][number];
export type PaymentView = RepaymentDetail['payments'][number];
export type CashierChannel = ResponseOf<typeof endpoints.cashierChannels>['channels'][number];
export type Proof = ResponseOf<typeof endpoints.proofStatus>['proofs'][number];
export type RepaymentStatement = ResponseOf<typeof endpoints.repaymentStatement>;
export type StatementLine = RepaymentStatement['lines'][number];
