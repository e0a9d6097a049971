/** The rules of domain/moneyGuard.ts on their own: who may hold a receiving account, and when a money action is idle. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { holderMatches, isIdle, nameWords } from '../src/domain/moneyGuard';

test("holder rule: the borrower's first and last name, any case or spacing, a middle name allowed", () => {
  assert.deepEqual(nameWords("  Ali   O'Brien-Khan "), ['ali', 'o', 'brien', 'khan']);
  for (const ok of ['Ali Khan', 'ALI khan', '  ali   KHAN ', 'Ali Raza Khan', 'Ali. Khan']) assert.ok(holderMatches(ok, 'Ali', 'Khan'), ok);
  for (const no of ['Eve Attacker', 'Khan Ali', 'Ali', 'Khan', 'Ali Khanzada', 'Alia Khan', '']) assert.ok(!holderMatches(no, 'Ali', 'Khan'), no);
  assert.ok(holderMatches('Muhammad Ali Khan Niazi', 'Muhammad Ali', 'Khan Niazi'), 'names of several words');
  assert.ok(!holderMatches('Ali Khan', null, null), 'no saved name: no match');
  assert.ok(!holderMatches('Ali Khan', 'Ali', null));
});

test('idle: longer than the configured seconds since the last code or money action, or never', () => {
  const now = 1_000_000_000;
  assert.equal(isIdle(null, now, 900), true);
  assert.equal(isIdle(now - 900_000, now, 900), false, 'exactly the idle time is not idle yet');
  assert.equal(isIdle(now - 900_001, now, 900), true);
  assert.equal(isIdle(now - 1, now, 900), false);
});
