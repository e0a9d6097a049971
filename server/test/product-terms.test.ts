/** Product terms read back from a JSON column are parsed by their schema at the repository edge (policy.ts parseTerms). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_MAX_EXTENSIONS, parseTerms, PRODUCTS } from '../src/settings/policy';

const product = PRODUCTS[0];

test('terms as stored parse to themselves, from PGlite text or PostgreSQL jsonb', () => {
  assert.deepEqual(parseTerms(JSON.stringify(product)), product);
  assert.deepEqual(parseTerms(structuredClone(product)), product);
});

test('an order taken before the extension limit existed gets the default limit from the schema', () => {
  const { maxExtensions: _dropped, ...older } = product;
  assert.equal(parseTerms(JSON.stringify(older)).maxExtensions, DEFAULT_MAX_EXTENSIONS);
});

test('terms that are not terms are refused, not cast', () => {
  assert.throws(() => parseTerms(JSON.stringify({ ...product, dailyInterestRate: '0.05' })), /dailyInterestRate/);
  const { tenures: _missing, ...incomplete } = product;
  assert.throws(() => parseTerms(incomplete), /tenures/);
});
