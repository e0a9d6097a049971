/**
 * Messages for the contract schemas' i18n keys (`validation.*`), in the 'common'
 * namespace so every remote's forms translate them the same way.
 * Owned by the onboarding squad; every key used in shared/src/contract must be here in
 * both languages (a unit test checks).
 */
const en: Record<string, string> = {
  invalid: 'Invalid value',
  required: 'Please input or select this field',
};

const ur: typeof en = {
  invalid: 'غلط اندراج',
  required: 'براہ کرم یہ خانہ پُر کریں یا منتخب کریں',
};

export const validation = { en, ur };
