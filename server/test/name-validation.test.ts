/** Screen-name validation (order status 16): when the CNIC's name and the entered name disagree. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { missingStatus, nameMatches } from '../src/domain/onboarding';

const done = { basicInfo: true, idFront: true, idBack: true, face: true, imagesDone: true, additionInfo: false, bankCard: false, questionnaire: false };

test('the entered name must appear in what the CNIC says', () => {
  assert.equal(nameMatches('AYESHA KHAN', { firstName: 'Ayesha', lastName: 'Khan' }), true);
  assert.equal(nameMatches('Muhammad Ali Raza', { firstName: 'Ali', lastName: 'Raza' }), true);
  assert.equal(nameMatches('AYESHA KHAN', { firstName: 'Aisha', lastName: 'Khan' }), false);
  assert.equal(nameMatches('AYESHA KHAN', { firstName: 'Ayesha', middleName: 'Bibi', lastName: 'Khan' }), false);
});

test('nothing read from the card, nothing to contradict', () => {
  assert.equal(nameMatches(null, { firstName: 'Ali', lastName: 'Khan' }), true);
  assert.equal(nameMatches('  ', { firstName: 'Ali', lastName: 'Khan' }), true);
});

test('a mismatch stops the order at validation (16) after the photos, before additional info', () => {
  assert.equal(missingStatus({ ...done, nameMatches: false }), 16);
  assert.equal(missingStatus({ ...done, nameMatches: true }), 11);
  assert.equal(missingStatus({ ...done, imagesDone: false, nameMatches: false }), 12);
});
