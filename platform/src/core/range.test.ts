import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lowest, satisfies } from './range';

test('caret: the same major from the floor on (the same minor under 1.0.0, the version alone under 0.1.0)', () => {
  assert.ok(satisfies('1.3.0', '^1.3.0'));
  assert.ok(satisfies('1.9.2', '^1.3.0'));
  assert.ok(!satisfies('1.2.9', '^1.3.0'));
  assert.ok(!satisfies('2.0.0', '^1.3.0'));
  assert.ok(satisfies('0.2.5', '^0.2.1'));
  assert.ok(!satisfies('0.3.0', '^0.2.1'));
  assert.ok(!satisfies('0.0.4', '^0.0.3'));
});

test('tilde, at least, exact', () => {
  assert.ok(satisfies('1.3.7', '~1.3.2'));
  assert.ok(!satisfies('1.4.0', '~1.3.2'));
  assert.ok(satisfies('3.0.0', '>=1.3.0'));
  assert.ok(!satisfies('1.2.0', '>= 1.3.0'));
  assert.ok(satisfies('1.3.0', '1.3.0'));
  assert.ok(satisfies('1.3.0', '=1.3.0'));
  assert.ok(!satisfies('1.3.1', '1.3.0'));
});

test('the floor of a range; what is not a version is an error', () => {
  assert.equal(lowest('^1.3.0'), '1.3.0');
  assert.equal(lowest('>= 2.1.0'), '2.1.0');
  assert.throws(() => satisfies('1.3', '^1.0.0'), /not a version/);
  assert.throws(() => satisfies('1.3.0', '1.x'), /not a version/);
});
