/**
 * What borrow/to_borrow offers: the products the server accepts an application for now
 * (`available`), or null when the screen must send the borrower elsewhere. After a rejection the
 * refusing lender waits its reapply days, but other lenders' products (those recommended on the
 * review screen) are open at once.
 */
import { OrderStatus, type HomeStatus, type Product } from 'shared';
import { isUnfinishedApplication } from './homeAction';

interface Market {
  homeStatus: HomeStatus;
  latestOrder: { orderNo: string; status: number; reapplyAt?: string | null } | null;
  products: Product[];
}

export function borrowableProducts(m: Market): Product[] | null {
  if (isUnfinishedApplication(m.latestOrder)) return null;
  const usable = m.products.filter((p) => p.available && p.maxAvailable >= p.minAmount);
  if (m.homeStatus === 'canLoan') return usable;
  if (m.homeStatus === 'rejected' && usable.length > 0) return usable;
  return null;
}

/**
 * While the wait after a cooling-off withdrawal runs (the latest order finished with a reapply date:
 * only a withdrawal gives a finished order one), when it ends; else null.
 */
export function withdrawalWaitEnds(latest: Market['latestOrder'], now = Date.now()): string | null {
  const at = latest?.status === OrderStatus.Finish ? latest.reapplyAt : null;
  return at && Date.parse(at) > now ? at : null;
}
