/** Where a new order goes next: review (1) with the review-tips screen, else its first missing step. */
import { OrderStatus, screenForStatus } from 'shared';
import type { HomeTarget } from './homeAction';

export function afterApply(order: { orderNo: string; status: number }): HomeTarget {
  const t = screenForStatus(order.status) ?? screenForStatus(OrderStatus.Applying)!;
  return { route: t.route, query: { ...t.query, orderNo: order.orderNo } };
}
