/** Where the home card's button leads for each of the 8 home statuses (spec section 4). */
import { screenForStatus, OrderStatus, type HomeStatus } from 'shared';

export interface HomeTarget {
  route: string;
  query?: Record<string, string>;
}

interface LatestOrder {
  orderNo: string;
  status: number;
}

/** Order statuses that mean "an application is still being filled in" (home shows canLoan). */
const ONBOARDING: readonly number[] = [
  OrderStatus.BasicInfo, OrderStatus.Addition, OrderStatus.IdentityOCR, OrderStatus.Validation, OrderStatus.BindCard, OrderStatus.Question,
];

export function isUnfinishedApplication(order: LatestOrder | null | undefined): order is LatestOrder {
  return !!order && ONBOARDING.includes(order.status);
}

export function homeAction(status: HomeStatus, order: LatestOrder | null | undefined): HomeTarget {
  const withOrder = (route: string, extra?: Record<string, string>): HomeTarget => ({ route, query: { ...extra, ...(order ? { orderNo: order.orderNo } : {}) } });
  switch (status) {
    case 'canLoan': {
      if (isUnfinishedApplication(order)) {
        const t = screenForStatus(order.status);
        if (t) return withOrder(t.route, t.query);
      }
      return { route: 'toBorrow' };
    }
    case 'assessing': {
      const t = screenForStatus(OrderStatus.Applying)!;
      return withOrder(t.route, t.query);
    }
    case 'rejected': return { route: 'records' };
    case 'success': return withOrder('confirmBorrow');
    case 'failed': return withOrder('addBankCard');
    case 'repaying':
    case 'overdue': return withOrder('repayDetail');
    case 'lending': return withOrder('lending');
  }
}

/** Statuses that move by themselves on the server: the screen polls while it shows them. */
export function isMoving(status: HomeStatus | number | undefined): boolean {
  return status === 'assessing' || status === 'lending' || status === OrderStatus.Applying || status === OrderStatus.Lending;
}
