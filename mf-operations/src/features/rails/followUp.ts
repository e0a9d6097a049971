import { OrderStatus } from 'shared/staff';
import type { RailTransfer } from '../../api/types';

/**
 * The proposal a failed transfer calls for, if any: a payout retry while its order still waits for the money (PayFail),
 * or a failed refund (owed back again) given back anew
 */
export function followUp(x: RailTransfer): { kind: 'payoutRetry' | 'refund'; orderNo: string } | null {
  if (x.state !== 'failed' || x.orderNo === null) return null;
  if (x.kind === 'payout' && x.orderStatus === OrderStatus.PayFail) return { kind: 'payoutRetry', orderNo: x.orderNo };
  if (x.kind === 'refund') return { kind: 'refund', orderNo: x.orderNo };
  return null;
}
