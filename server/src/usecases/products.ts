/** The products a borrower (or a visitor) may take now: the stored products, whether applications are open to them, the lenders that refused them. */
import type { Db } from '../db';
import type { Product } from '../api/contract';
import { productView } from '../domain/products';
import type { UserRow } from '../repos/users';
import { loadProducts } from '../repos/products';
import { hasActive, hasWrittenOff } from '../repos/orders';
import { withdrawalWait } from './coolingOff';
import { lenderBlocks } from './rejection';

/** no application accepted from the user now, whatever the product: a loan in progress, the wait after a cooling-off withdrawal, or a loan written off */
export async function applicationsClosed(db: Db, userId: number | undefined, now: number): Promise<boolean> {
  if (!userId) return false;
  return (await hasActive(db, userId)) || (await withdrawalWait(db, userId, now)) !== null || (await hasWrittenOff(db, userId));
}

/** every active product as `user` (or a visitor) may take it now */
export async function productsFor(db: Db, user: UserRow | null, now: number): Promise<Product[]> {
  const products = await loadProducts(db);
  const closed = await applicationsClosed(db, user?.id, now);
  const blocked = await lenderBlocks(db, user?.id, now);
  // a repeat borrowers' product is listed to them only
  return products.filter((t) => !t.reloanOnly || (user?.on_time_count ?? 0) > 0).map((t) => productView(t, user, closed, blocked));
}
