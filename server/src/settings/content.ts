/** Seed content: states and cities, policy texts, service details, questionnaire titles and answer labels (the FAQ: faq.ts). */
import { POLICY } from './policy';
import { permissionsOf, type MarketProfile } from '../market/profile';
import C from '../api/contract';

const { BRAND_NAME } = C;

export const STATES = [
  { code: 'KPK', name: 'Khyber Pakhtunkhwa', cities: ['Peshawar', 'Mardan', 'Abbottabad', 'Swat', 'Kohat', 'Dera Ismail Khan', 'Mansehra', 'Nowshera'] },
  { code: 'BAL', name: 'Balochistan', cities: ['Quetta', 'Gwadar', 'Turbat', 'Khuzdar', 'Sibi', 'Chaman', 'Zhob'] },
  {
    code: 'PUN',
    name: 'Punjab',
    cities: ['Lahore', 'Faisalabad', 'Rawalpindi', 'Multan', 'Gujranwala', 'Sialkot', 'Bahawalpur', 'Sargodha', 'Sheikhupura', 'Jhang'],
  },
  { code: 'SIN', name: 'Sindh', cities: ['Karachi', 'Hyderabad', 'Sukkur', 'Larkana', 'Nawabshah', 'Mirpur Khas', 'Thatta'] },
  { code: 'ISB', name: 'Islamabad', cities: ['Islamabad'] },
];
/** Urdu names of the states and cities above, in the same order */
const STATES_UR: Record<string, { name: string; cities: string[] }> = {
  KPK: { name: 'خیبر پختونخوا', cities: ['پشاور', 'مردان', 'ایبٹ آباد', 'سوات', 'کوہاٹ', 'ڈیرہ اسماعیل خان', 'مانسہرہ', 'نوشہرہ'] },
  BAL: { name: 'بلوچستان', cities: ['کوئٹہ', 'گوادر', 'تربت', 'خضدار', 'سبی', 'چمن', 'ژوب'] },
  PUN: { name: 'پنجاب', cities: ['لاہور', 'فیصل آباد', 'راولپنڈی', 'ملتان', 'گوجرانوالہ', 'سیالکوٹ', 'بہاولپور', 'سرگودھا', 'شیخوپورہ', 'جھنگ'] },
  SIN: { name: 'سندھ', cities: ['کراچی', 'حیدرآباد', 'سکھر', 'لاڑکانہ', 'نواب شاہ', 'میرپور خاص', 'ٹھٹھہ'] },
  ISB: { name: 'اسلام آباد', cities: ['اسلام آباد'] },
};
/** the states with what the borrower reads in `lang` (the values stay the English names the server checks) */
export const statesIn = (lang: string) => STATES.map((s) => ({ ...s, labels: lang === 'ur' ? STATES_UR[s.code] : { name: s.name, cities: s.cities } }));
/** state given by code or name */
export function findState(state: string) {
  return STATES.find((s) => s.code === state || s.name === state);
}

const PERMISSION_NAMES: Record<string, { en: string; ur: string }> = {
  contacts: { en: 'contacts', ur: 'رابطے' },
  sms: { en: 'SMS', ur: 'ایس ایم ایس' },
  installedApps: { en: 'installed apps', ur: 'انسٹال شدہ ایپس' },
  location: { en: 'location', ur: 'مقام' },
  storage: { en: 'storage', ur: 'اسٹوریج' },
  camera: { en: 'camera', ur: 'کیمرہ' },
  deviceInfo: { en: 'device information', ur: 'آلے کی معلومات' },
};
/** the permissions the market asks (the profile's never-asked ones left out), required or optional, named in `lang` */
const permissionList = (profile: MarketProfile, lang: 'en' | 'ur', required: boolean) =>
  Object.entries(permissionsOf(profile))
    .filter(([, p]) => p.enabled && p.required === required)
    .map(([k]) => PERMISSION_NAMES[k][lang])
    .join(lang === 'en' ? ', ' : '، ') || (lang === 'en' ? 'none' : 'کوئی نہیں');

const policy = (title: string, sections: [string, string][]) => ({
  title,
  version: '1.0',
  updatedAt: '2025-01-01',
  sections: sections.map(([heading, body]) => ({ heading, body })),
});
/** the policy texts by content language under profile `profile` (the data policy names the permissions it asks) */
export const policiesOf = (profile: MarketProfile): Record<string, Record<string, ReturnType<typeof policy>>> => ({
  en: {
    privacy: policy('Privacy Policy', [
      [
        'What we collect',
        'Your mobile number, personal and work details, emergency contacts, ID and face photos, and bank account, to assess and pay out your loan.',
      ],
      [
        'How long we keep it',
        `If you do not receive a loan, your documents and personal data are deleted ${POLICY.retentionDays} days after the final decision.`,
      ],
      ['Security', 'Data travels over TLS; access on our side is limited to what the service needs.'],
    ]),
    terms: policy('Terms of Service', [
      ['The service', `${BRAND_NAME.en} connects borrowers with licensed lenders. The lender named on your loan agreement lends to you.`],
      ['One loan at a time', 'You may hold one loan at a time.'],
      ['Costs', 'Fees, tax, interest and penalty are shown before you confirm a loan.'],
    ]),
    data: policy('Data Policy', [
      [
        'Device data',
        `Device permissions are asked one by one with an explanation. Needed to verify your identity: ${permissionList(profile, 'en', true)}. Optional, you may refuse them and still apply: ${permissionList(profile, 'en', false)}.`,
      ],
      ['Deletion', `Rejected applicants’ data is deleted after ${POLICY.retentionDays} days.`],
    ]),
    pdPop: policy('Personal Data Notice', [['Consent', 'By continuing you agree that your personal data is processed to assess your application.']]),
    aboutUs: policy('About Us', [[BRAND_NAME.en, 'An online marketplace for personal loans in Pakistan, working with several lenders.']]),
    customerGuide: policy('Customer Safety Guide', [
      ['Never share your code', 'We never ask for your verification code by phone or WhatsApp.'],
      ['Pay only in the app', 'Repay only through the app or to the bank account shown in it.'],
    ]),
  },
  ur: {
    privacy: policy('رازداری کی پالیسی', [
      ['ہم کیا جمع کرتے ہیں', 'آپ کا موبائل نمبر، ذاتی اور ملازمت کی تفصیلات، ہنگامی رابطے، شناختی کارڈ اور چہرے کی تصاویر، اور بینک اکاؤنٹ۔'],
      ['مدت', `اگر آپ کو قرض نہ ملے تو آپ کا ڈیٹا حتمی فیصلے کے ${POLICY.retentionDays} دن بعد حذف کر دیا جاتا ہے۔`],
    ]),
    terms: policy('شرائط و ضوابط', [
      ['سروس', `${BRAND_NAME.ur} قرض لینے والوں کو لائسنس یافتہ قرض دہندگان سے ملاتا ہے۔`],
      ['ایک وقت میں ایک قرض', 'آپ ایک وقت میں ایک ہی قرض لے سکتے ہیں۔'],
    ]),
    data: policy('ڈیٹا پالیسی', [
      [
        'آلے کا ڈیٹا',
        `ہر اجازت وضاحت کے ساتھ الگ سے مانگی جاتی ہے۔ شناخت کی تصدیق کے لیے ضروری: ${permissionList(profile, 'ur', true)}۔ اختیاری، آپ انکار کر کے بھی درخواست دے سکتے ہیں: ${permissionList(profile, 'ur', false)}۔`,
      ],
    ]),
    pdPop: policy('ذاتی ڈیٹا نوٹس', [['رضامندی', 'جاری رکھ کر آپ اپنی درخواست کی جانچ کے لیے ڈیٹا کے استعمال پر متفق ہیں۔']]),
    aboutUs: policy('ہمارے بارے میں', [[BRAND_NAME.ur, 'پاکستان میں ذاتی قرضوں کی آن لائن مارکیٹ۔']]),
    customerGuide: policy('صارف تحفظ رہنما', [['کوڈ کبھی نہ بتائیں', 'ہم کبھی فون یا واٹس ایپ پر تصدیقی کوڈ نہیں مانگتے۔']]),
  },
});

export const CUSTOMER_SERVICE = {
  phone: '+92 21 111 000 123',
  email: 'support@loanmarket.pk',
  address: 'Office 5, Block 7, Clifton, Karachi, Pakistan',
  hours: POLICY.serviceHours,
  hoursNote: 'except holidays',
  whatsapp: '+92 300 0000123',
};

const Q_TITLES: Record<string, string[]> = {
  en: [
    'Have you defaulted on a loan in the last 6 months?',
    'Are you on a credit bureau for bad credit history?',
    'How do you rate your creditworthiness?',
    'Which company do you have a current loan with?',
    'Which company did you have an overdue loan with?',
    'What was your longest repayment delay (days)?',
    'What is your total outstanding debt (Rs)?',
    'How many digital loans have you taken in total?',
    'How many digital loans do you have now?',
    'How many digital loans did you repay on time?',
    'How many digital loans were overdue?',
  ],
  es: [
    '¿Ha incumplido un préstamo en los últimos 6 meses?',
    '¿Figura en un buró de crédito por mal historial?',
    '¿Cómo califica su solvencia?',
    '¿Con qué empresa tiene un préstamo actual?',
    '¿Con qué empresa tuvo un préstamo vencido?',
    '¿Cuál fue su mayor retraso (días)?',
    '¿Cuál es su deuda total pendiente (Rs)?',
    '¿Cuántos préstamos digitales ha tenido en total?',
    '¿Cuántos préstamos digitales tiene ahora?',
    '¿Cuántos préstamos digitales pagó a tiempo?',
    '¿Cuántos préstamos digitales se vencieron?',
  ],
  ur: [
    'کیا آپ نے پچھلے 6 ماہ میں کسی قرض کی ادائیگی میں ناکامی کی؟',
    'کیا آپ کا نام خراب کریڈٹ ہسٹری کی وجہ سے کریڈٹ بیورو میں ہے؟',
    'آپ اپنی ساکھ کو کیسے درجہ دیں گے؟',
    'آپ کا موجودہ قرض کس کمپنی سے ہے؟',
    'آپ کا واجب الادا قرض کس کمپنی سے تھا؟',
    'آپ کی سب سے لمبی تاخیر (دن)؟',
    'آپ کا کل واجب الادا قرض (روپے)؟',
    'آپ نے کل کتنے ڈیجیٹل قرض لیے؟',
    'آپ کے پاس اس وقت کتنے ڈیجیٹل قرض ہیں؟',
    'آپ نے کتنے ڈیجیٹل قرض وقت پر ادا کیے؟',
    'کتنے ڈیجیٹل قرض تاخیر کا شکار ہوئے؟',
  ],
};
export const QUESTION_TITLES = Q_TITLES;

/** the questionnaire's answer labels by value (QUESTION_OPTIONS), in each content language */
/** Lenders' brand names, the same in English and Spanish. */
const LENDER_NAMES_LATIN = {
  barwaqt: 'Barwaqt',
  sarmaya: 'Sarmaya',
  finja: 'Finja',
  abhi: 'Abhi',
  zarwallet: 'ZarWallet',
  creditbook: 'CreditBook',
  smartQarza: 'Smart Qarza',
  paisayar: 'PaisaYaar',
  aqsa: 'Aqsa',
  tez: 'Tez',
  udhaar: 'Udhaar',
  khushhali: 'Khushhali Bank',
  nrsp: 'NRSP',
  akhuwat: 'Akhuwat',
  kashf: 'Kashf',
  asasah: 'Asasah',
  ubank: 'U Bank',
  mobilink: 'Mobilink Bank',
};

export const QUESTION_OPTION_LABELS: Record<string, Record<string, string>> = {
  en: {
    yes: 'Yes',
    no: 'No',
    excellent: 'Excellent',
    good: 'Good',
    fair: 'Fair',
    poor: 'Poor',
    veryPoor: 'Very poor',
    none: 'None',
    other: 'Other',
    easypaisaLoan: 'Easypaisa loan',
    jazzcashLoan: 'JazzCash loan',
    ...LENDER_NAMES_LATIN,
    '1-7': '1 to 7 days',
    '8-15': '8 to 15 days',
    '16-30': '16 to 30 days',
    '31-60': '31 to 60 days',
    '61-90': '61 to 90 days',
    over90: 'More than 90 days',
    under5000: 'Under Rs 5,000',
    '5000-20000': 'Rs 5,000 to 20,000',
    '20000-50000': 'Rs 20,000 to 50,000',
    '50000-100000': 'Rs 50,000 to 100,000',
    '100000-200000': 'Rs 100,000 to 200,000',
    over200000: 'Over Rs 200,000',
    '1-10': '1 to 10',
    over10: 'More than 10',
  },
  es: {
    yes: 'Sí',
    no: 'No',
    excellent: 'Excelente',
    good: 'Buena',
    fair: 'Regular',
    poor: 'Mala',
    veryPoor: 'Muy mala',
    none: 'Ninguna',
    other: 'Otra',
    easypaisaLoan: 'Préstamo Easypaisa',
    jazzcashLoan: 'Préstamo JazzCash',
    ...LENDER_NAMES_LATIN,
    '1-7': 'De 1 a 7 días',
    '8-15': 'De 8 a 15 días',
    '16-30': 'De 16 a 30 días',
    '31-60': 'De 31 a 60 días',
    '61-90': 'De 61 a 90 días',
    over90: 'Más de 90 días',
    under5000: 'Menos de Rs 5,000',
    '5000-20000': 'De Rs 5,000 a 20,000',
    '20000-50000': 'De Rs 20,000 a 50,000',
    '50000-100000': 'De Rs 50,000 a 100,000',
    '100000-200000': 'De Rs 100,000 a 200,000',
    over200000: 'Más de Rs 200,000',
    '1-10': 'De 1 a 10',
    over10: 'Más de 10',
  },
  ur: {
    yes: 'ہاں',
    no: 'نہیں',
    excellent: 'بہترین',
    good: 'اچھی',
    fair: 'درمیانی',
    poor: 'کمزور',
    veryPoor: 'بہت کمزور',
    none: 'کوئی نہیں',
    other: 'دیگر',
    easypaisaLoan: 'ایزی پیسہ قرض',
    jazzcashLoan: 'جاز کیش قرض',
    barwaqt: 'بروقت',
    sarmaya: 'سرمایہ',
    finja: 'فنجا',
    abhi: 'ابھی',
    zarwallet: 'زر والیٹ',
    creditbook: 'کریڈٹ بک',
    smartQarza: 'اسمارٹ قرضہ',
    paisayar: 'پیسہ یار',
    aqsa: 'اقصیٰ',
    tez: 'تیز',
    udhaar: 'ادھار',
    khushhali: 'خوشحالی بینک',
    nrsp: 'این آر ایس پی',
    akhuwat: 'اخوت',
    kashf: 'کشف',
    asasah: 'اثاثہ',
    ubank: 'یو بینک',
    mobilink: 'موبی لنک بینک',
    '1-7': '1 سے 7 دن',
    '8-15': '8 سے 15 دن',
    '16-30': '16 سے 30 دن',
    '31-60': '31 سے 60 دن',
    '61-90': '61 سے 90 دن',
    over90: '90 دن سے زیادہ',
    under5000: '5,000 روپے سے کم',
    '5000-20000': '5,000 سے 20,000 روپے',
    '20000-50000': '20,000 سے 50,000 روپے',
    '50000-100000': '50,000 سے 100,000 روپے',
    '100000-200000': '100,000 سے 200,000 روپے',
    over200000: '200,000 روپے سے زیادہ',
    '1-10': '1 سے 10',
    over10: '10 سے زیادہ',
  },
};
