/** What was read of a borrower's CNIC (both sides merged), as stored and as the borrower sees it. */
import C from '../api/contract';
import type { Res } from '../api/calls';
import { openText, withId } from '../db/atRest';
import { MISSING_FIELD_CODE, sideOf, type CnicField, type CnicReading, type CnicSide } from '../identity/ocr';
import type { SavedBasic, SavedReading } from '../repos/profiles';
import { maskNationalId } from '../core/mask';

export type Reading = CnicReading & { sides: Record<CnicSide, boolean>; confidence: number };
/** what was read of the card so far (a row from before the back was read holds the front's reading) */
export function storedReading(saved: SavedReading | null): Reading {
  const r = withId(saved, 'cardNumber', openText);
  if (!r) return { sides: { front: false, back: false }, confidence: 0 };
  return { ...r, sides: r.sides ?? { front: true, back: false } };
}

/** the reading as the borrower sees it: every field (the number masked), which are missing, whether the number is the National ID saved now (`basic` opened) */
export function ocrView(r: Reading, basic: SavedBasic | null): Res<'curpOcr'> {
  const id = basic?.nationalId;
  const value = (f: CnicField) => r[f] ?? null;
  return {
    cardNumber: r.cardNumber ? maskNationalId(r.cardNumber) : null,
    name: value('name'),
    fatherName: value('fatherName'),
    motherName: value('motherName'),
    birthday: value('birthday'),
    address: value('address'),
    complete: !!(r.cardNumber && r.name && r.birthday),
    // a corrected ID is re-checked at once, not at the next photo
    matchesProfile: id && r.cardNumber ? id === r.cardNumber : null,
    confidence: r.confidence,
    sides: r.sides,
    missing: C.CNIC_REQUIRED_FIELDS.filter((f) => r.sides[sideOf(f)] && !r[f]).map((f) => ({ field: f, code: MISSING_FIELD_CODE[f] })),
  };
}
