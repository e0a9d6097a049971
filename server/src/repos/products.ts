/** The products table: the lenders' terms, seeded from policy.ts at every start. */
import type { Db } from '../db';
import { parseTerms, type ProductTerms } from '../settings/policy';
import { ErrorCode, fail } from '../core/errors';

export async function loadProducts(db: Db): Promise<ProductTerms[]> {
  const rows = await db.selectFrom('products').select(['terms']).where('active', '=', true).orderBy('sort').execute();
  return rows.map((r) => parseTerms(r.terms));
}

/** an active product's terms, else productNotFound */
export async function getProduct(db: Db, id: string): Promise<ProductTerms> {
  const r = await db.selectFrom('products').select('terms').where('id', '=', id).where('active', '=', true).executeTakeFirst();
  if (!r) fail(ErrorCode.productNotFound);
  return parseTerms(r.terms);
}
