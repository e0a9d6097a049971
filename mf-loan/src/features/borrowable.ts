/**
 * What borrow/to_borrow offers: the products the server accepts an application for now
 * (`available`), or null when the screen must send the borrower elsewhere. After a rejection the
 * refusing lender waits its reapply days, but other lenders' products (those recommended on the
 * review screen) are open at once.
 */
import type { HomeStatus, Product } from 'shared';
import { isUnfinishedApplication } from './homeAction';

interface Market {
  homeStatus: HomeStatus;
  latestOrder: { orderNo: string; status: number } | null;
  products: Product[];
}

export function borrowableProducts(m: Market): Product[] | null {
  if (isUnfinishedApplication(m.latestOrder)) return null;
  const usable = m.products.filter((p) => p.available && p.maxAvailable >= p.minAmount);
  if (m.homeStatus === 'canLoan') return usable;
  if (m.homeStatus === 'rejected' && usable.length > 0) return usable;
  return null;
}
