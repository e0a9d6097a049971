/**
 * An order as the rules read it: the stored order's columns they use, as plain values. The
 * repository's row (repos/orders.ts `OrderRow`) has them all, so a row is passed as it is, while
 * the domain names no table, query or database type.
 */
export interface OrderFacts {
  id: number;
  order_no: string;
  user_id: number;
  product_id: string;
  status: number;
  amount: number;
  tenure_days: number;
  /** the product's terms as copied into the order (`termsOf` reads them) */
  terms: unknown;
  created_at: number;
  updated_at: number;
  submitted_at: number | null;
  decided_at: number | null;
  lending_at: number | null;
  disbursed_at: number | null;
  due_at: number | null;
  paid_off_at: number | null;
  /** the extensions paid */
  extension_count: number;
  cancel_reason: string | null;
  fail_reason: string | null;
}
