/** The reading of both CNIC sides: mother name shown, a field not recognised says so with the catalogue's message, in en and ur. */
import { render, screen } from '@testing-library/react';
import { ErrorCode, errorMessage, i18n, registerResources, startI18n } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import type { CurpOcrResponse } from 'shared';
import type { z } from 'zod';
import { OcrCard, ocrProblem } from './OcrCard';

type Ocr = z.infer<typeof CurpOcrResponse>;

startI18n();
registerResources('onboarding', { en, ur });

const read: Ocr = {
  cardNumber: '3520212345671',
  name: 'Ayesha Khan',
  fatherName: 'Imran Khan',
  motherName: 'Nasreen Khan',
  birthday: '1990-03-07',
  address: 'House 12 Street 4 Gulberg Lahore',
  complete: true,
  matchesProfile: true,
  confidence: 0.9,
  sides: { front: true, back: true },
  missing: [],
};
const show = (ocr: Ocr) => render(<OcrCard ocr={ocr} reading={false} error={null} confirmed={false} onConfirm={() => {}} onRetry={() => {}} />);

afterEach(() => i18n.changeLanguage('en'));

describe('OcrCard', () => {
  it('shows every field read, the mother name too, and asks for confirmation', () => {
    show(read);
    expect(screen.getByText('Nasreen Khan')).toBeTruthy();
    expect(screen.getByText(en.idcard.motherName)).toBeTruthy();
    expect(screen.getByLabelText(en.idcard.confirmOcr)).toBeTruthy();
    expect(ocrProblem(read)).toBeNull();
  });

  it.each(['en', 'ur'])('names a required field not recognised with its catalogue message (%s)', async (lang) => {
    await i18n.changeLanguage(lang);
    show({
      ...read,
      fatherName: null,
      address: null,
      missing: [
        { field: 'fatherName', code: ErrorCode.fatherNameNull },
        { field: 'address', code: ErrorCode.addressNull },
      ],
    });
    expect(screen.getByText(errorMessage(ErrorCode.fatherNameNull, lang))).toBeTruthy();
    expect(screen.getByText(errorMessage(ErrorCode.addressNull, lang))).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe((lang === 'en' ? en : ur).idcard.verifyFailed);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('before the back is read: nothing to confirm yet, and no message for a missing mother name', () => {
    const front = { ...read, motherName: null, address: null, sides: { front: true, back: false } };
    show(front);
    expect(ocrProblem(front)).toBe('back');
    expect(screen.getByText(en.idcard.backReadNext)).toBeTruthy();
    expect(screen.getAllByText(en.idcard.notRead)).toHaveLength(2);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
