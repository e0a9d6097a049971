/**
 * The products recommended after a rejection are ones the server accepts an application for from
 * this borrower now: a refusal binds its own lender for reapplyDays, the other lenders decide for
 * themselves.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForFile, register, onboard } from './helpers';
import C from '../src/api/contract';
import { PRODUCTS, POLICY } from '../src/settings/policy';

const { OrderStatus: S, ErrorCode: E } = C;
const { srv, call } = serverForFile({ sessionTtlDays: 3650 });

const REJECTED = PRODUCTS.find((p) => !p.reloanOnly)!;

/** a borrower whose application for REJECTED was just refused */
async function rejectedBorrower() {
  const u = await register(call);
  await onboard(call, u.token);
  await srv.dev('force', { mobile: u.mobile, review: 'reject' });
  const ap = await call('applyMarket', { productId: REJECTED.id, amount: REJECTED.minAmount, tenureDays: REJECTED.tenures[0] }, { token: u.token });
  assert.equal(ap.code, 0, JSON.stringify(ap));
  await srv.dev('clock/advance', { ms: 3 * 60_000 });
  assert.equal((await call('latestOrder', {}, { token: u.token })).data.order.status, S.Reject);
  const rr = await call('rejectRecommendation', {}, { token: u.token });
  assert.equal(rr.code, 0);
  return {
    ...u,
    rec: rr.data as {
      recommend: boolean;
      products: { productId: string; lenderName: string; minAmount: number; maxAvailable: number; tenures: number[]; available: boolean }[];
    },
  };
}

test('every recommended product is one the server accepts an application for, none from the lender that refused', async () => {
  const first = await rejectedBorrower();
  const ids = first.rec.products.map((p) => p.productId);
  assert.equal(first.rec.recommend, true);
  assert.ok(ids.length >= 2, `other lenders' products are recommended: ${ids.join(', ')}`);
  for (const p of first.rec.products) {
    assert.notEqual(p.lenderName, REJECTED.lenderName);
    assert.equal(p.available, true);
  }
  // a reloan-only product is not offered to a borrower with no loan repaid
  assert.ok(!ids.some((id) => PRODUCTS.find((x) => x.id === id)!.reloanOnly));

  // each one, applied for by a borrower in exactly this position (one loan at a time), is accepted
  for (const p of first.rec.products) {
    const u = p === first.rec.products[0] ? first : await rejectedBorrower();
    assert.deepEqual(
      u.rec.products.map((x) => x.productId),
      ids,
    );
    const ap = await call('applyMarket', { productId: p.productId, amount: p.minAmount, tenureDays: p.tenures[0] }, { token: u.token });
    assert.equal(ap.code, 0, `${p.productId}: ${JSON.stringify(ap)}`);
    assert.equal(ap.data.order.status, S.Applying);
  }
});

test('the lender that refused reopens after reapplyDays; its products are not available until then', async () => {
  const u = await rejectedBorrower();
  const refused = await call('applyMarket', { productId: REJECTED.id, amount: REJECTED.minAmount, tenureDays: REJECTED.tenures[0] }, { token: u.token });
  assert.equal(refused.code, E.reapplyLater);
  assert.equal(refused.data.days, POLICY.reapplyDays);
  const listed = (await call('productList', {}, { token: u.token })).data.products;
  assert.equal(listed.find((p: { productId: string }) => p.productId === REJECTED.id).available, false);
  await srv.dev('clock/advance', { ms: POLICY.reapplyDays * 86_400_000 + 1000, runJobs: false });
  const rr = (await call('rejectRecommendation', {}, { token: u.token })).data;
  assert.ok(rr.products.some((p: { productId: string }) => p.productId === REJECTED.id));
  const again = await call('applyMarket', { productId: REJECTED.id, amount: REJECTED.minAmount, tenureDays: REJECTED.tenures[0] }, { token: u.token });
  assert.equal(again.code, 0, JSON.stringify(again));
});
