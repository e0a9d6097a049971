/** Where the home card's button leads for each of the 8 home statuses (spec section 4). */
import { OrderStatus, isIncomplete, screenForStatus, stepRoute, type HomeStatus, type RouteName } from 'shared';

export interface HomeTarget {
  route: RouteName;
  query?: Record<string, string>;
}

interface LatestOrder {
  orderNo: string;
  status: number;
}

/** An application still being filled in (home shows canLoan, with a way to continue it). */
export function isUnfinishedApplication(order: LatestOrder | null | undefined): order is LatestOrder {
  return !!order && isIncomplete(order.status);
}

export function homeAction(status: HomeStatus, order: LatestOrder | null | undefined): HomeTarget {
  const withOrder = (route: RouteName, extra?: Record<string, string>): HomeTarget => ({
    route,
    query: { ...extra, ...(order ? { orderNo: order.orderNo } : {}) },
  });
  switch (status) {
    case 'canLoan': {
      const step = order ? stepRoute(order.status) : null;
      return step ? withOrder(step) : { route: 'toBorrow' };
    }
    case 'assessing': {
      const t = screenForStatus(OrderStatus.Applying)!;
      return withOrder(t.route, t.query);
    }
    case 'rejected':
      return { route: 'records' };
    case 'success':
      return withOrder('confirmBorrow');
    case 'failed':
      return withOrder('addBankCard');
    case 'repaying':
    case 'overdue':
      return withOrder('repayDetail');
    case 'lending':
      return withOrder('lending');
  }
}

/** Statuses that move by themselves on the server: the screen polls while it shows them. */
export function isMoving(status: HomeStatus | number | undefined): boolean {
  return status === 'assessing' || status === 'lending' || status === OrderStatus.Applying || status === OrderStatus.Lending;
}
