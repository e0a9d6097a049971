/** History entries say what happened: the step saved and the next one, the coupon's amount; never a bare "Update". */
import { renderHook } from '@testing-library/react';
import { registerResources, startI18n, setLanguage } from 'shared';
import { en } from '../i18n/en';
import { ur } from '../i18n/ur';
import { useEventText } from './eventText';

startI18n();
registerResources('loan', { en, ur });
const at = '2026-11-20T10:00:00.000Z';

describe('history entries', () => {
  it.each([
    ['en', 'Details saved; next: ID card photos', 'Coupon of Rs\u00a0100 applied'],
    ['ur', 'تفصیلات محفوظ ہو گئیں؛ اگلا مرحلہ: شناختی کارڈ کی تصاویر', 'Rs\u00a0100'],
  ] as const)('%s: a step saved names the next step; a coupon its amount', (lang, step, coupon) => {
    setLanguage(lang);
    const text = renderHook(() => useEventText()).result.current;
    const strip = (s: string) => s.replace(/[\u2066-\u2069]/g, '');
    expect(strip(text({ type: 'stepChanged', status: 12, at, note: null }))).toBe(step);
    expect(strip(text({ type: 'couponApplied', status: 2, at, note: '100' }))).toContain(coupon);
    for (const s of [text({ type: 'stepChanged', status: 11, at, note: null }), text({ type: 'somethingNew', status: 2, at, note: null })]) {
      expect(s).not.toMatch(/^(Update|اپ ڈیٹ)$/);
    }
  });
});
