/**
 * What a QA fixture's test borrower answers on every onboarding step (dev controls only): the same
 * profile the e2e suites send, photos the checks accept (a blank card photo, the test selfie).
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { cleanImage } from '../uploads/images';

export const BASIC = {
  firstName: 'Ali',
  lastName: 'Khan',
  gender: 1,
  inputBirthday: '1990-05-01',
  nationalId: '3520112345671',
  education: 'bachelors',
  maritalStatus: 'married',
  loanPurpose: 'health',
  residenceType: 'ownHouse',
  state: 'Punjab',
  city: 'Lahore',
  address: 'House 12, Street 4, Model Town',
  email: 'ali.khan@example.pk',
  previouslyBorrowed: 'no',
  cardType: 'CNIC',
  pinCode: '54000',
  county: 'Model Town',
  language: 'punjabi',
  cityOfBirth: 'Lahore',
};

export const ADDITION = {
  employmentType: 'employee',
  industryCategory: 'retail',
  company: 'Metro Store',
  designation: 'manager',
  jobExperience: 'moreThan3Years',
  monthlySalary: '50000-99999',
  payFrequency: 'Monthly',
  monthlyPayday: 1,
  incomeSource: 'ownself',
  workPincode: '54000',
  workState: 'Punjab',
  workDistrict: 'Lahore',
  workCounty: 'Gulberg',
  workAddress: 'Office 3, Main Boulevard',
  emergencyContactName1: 'Sara Khan',
  emergencyContactMobile1: '03001111111',
  emergencyContactRelation1: 'siblings',
  emergencyContactName2: 'Omar Khan',
  emergencyContactMobile2: '03002222222',
  emergencyContactRelation2: 'parents',
};

export const CARD = { cardType: 'Easypaisa', accountNumber: '0345 1234567', confirmAccountNumber: '03451234567', cardHolder: 'Ali Khan' };

export const ANSWERS = Array.from({ length: 11 }, (_, i) => ({ question: i + 1, answer: i < 2 ? 'no' : i === 2 ? 'good' : 'none' }));

/** the loan every fixture applies for */
export const LOAN = { productId: 'P001', amount: 5000, tenureDays: 91 };

let photos: Promise<{ card: Buffer; face: Buffer }> | null = null;

/** a photo as the upload route keeps it (http/uploads.ts): the fixtures call the handlers directly */
async function asUploaded(buf: Buffer): Promise<Buffer> {
  const img = await cleanImage(buf);
  if ('error' in img) throw new Error(`fixture photo refused: ${img.error}`);
  return img.buffer;
}

/** the test selfie (one face), server/test/fixtures/faces: from this file under tsx (src/dev/) or from the bundle (dist/main.js) */
const TEST_SELFIE = ['../../test/fixtures/faces/face-one.jpg', '../test/fixtures/faces/face-one.jpg']
  .map((p) => new URL(p, import.meta.url))
  .find((u) => fs.existsSync(u));

/** a blank card photo (nothing for OCR to read) and the test selfie */
export function borrowerPhotos(): Promise<{ card: Buffer; face: Buffer }> {
  if (!TEST_SELFIE) throw new Error('the test selfie server/test/fixtures/faces/face-one.jpg is missing');
  const selfie = TEST_SELFIE;
  photos ??= (async () => ({
    card: await asUploaded(
      await sharp({ create: { width: 64, height: 40, channels: 3, background: '#d9d2c3' } })
        .jpeg()
        .toBuffer(),
    ),
    face: await asUploaded(fs.readFileSync(selfie)),
  }))();
  return photos;
}
