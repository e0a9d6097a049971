/** The products a borrower (or a visitor) may take now: the stored products, their loan in progress and the lenders that refused them. */
import type { Db } from '../db';
import type { Product } from '../api/contract';
import { productView } from '../domain/products';
import type { UserRow } from '../repos/users';
import { loadProducts } from '../repos/products';
import { hasActive } from '../repos/orders';
import { lenderBlocks } from './rejection';

/** every active product as `user` (or a visitor) may take it now */
export async function productsFor(db: Db, user: UserRow | null, now: number): Promise<Product[]> {
  const products = await loadProducts(db);
  const active = await hasActive(db, user?.id);
  const blocked = await lenderBlocks(db, user?.id, now);
  return products.map((t) => productView(t, user, active, blocked));
}
