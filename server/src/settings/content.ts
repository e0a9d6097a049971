/** Seed content: banks and wallets, states and cities, FAQ (en, es, ur), policy texts, service details, questionnaire titles and answer labels. */
import { MAX_ANNUAL_INTEREST, POLICY, PRODUCTS } from './policy';
import { figures } from '../domain/figures';
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

const ext = PRODUCTS.some((p) => p.extensionEnabled);
// every figure the help texts quote comes from the products and the policy
const en = (n: number) => n.toLocaleString('en-US');
const range = { min: Math.min(...PRODUCTS.map((p) => p.minAmount)), max: Math.max(...PRODUCTS.map((p) => p.maxAmount)) };
const ladder = POLICY.creditLadder.map(en).join(' → ');
const first = PRODUCTS[0];
const example = figures(first, POLICY.creditLadder[0], first.tenures[0], { now: 0 });
const penaltyRate = first.penaltyRatePerDay;
const faqEn = [
  {
    title: 'About loans',
    open: true,
    problems: [
      {
        subtitle: 'How much can I borrow?',
        content: `Up to your credit limit, within each product's own range (PKR ${en(range.min)} to ${en(range.max)} across products). A first loan is capped at PKR ${en(POLICY.creditLadder[0])}; each on-time repayment raises the limit a step: PKR ${ladder}.`,
        open: true,
      },
      {
        subtitle: 'What does a loan cost?',
        content: `A processing fee and ${first.taxRate}% tax on that fee are deducted when the money is sent. Interest (the markup) is charged for the days you keep the money and is never above ${MAX_ANNUAL_INTEREST}% a year. The APR every loan screen shows is the all-in yearly cost: interest plus the processing fee and its tax, so it is higher than the interest rate alone (for example PKR ${en(example.loanAmount)} for ${example.durationDays} days: interest ${example.annualInterestRate}% a year, APR ${example.apr}%).`,
        open: false,
      },
      { subtitle: 'Can I have two loans?', content: 'No. One loan at a time.', open: false },
      {
        subtitle: 'How long does the review take?',
        content: `Usually about ${POLICY.reviewCopyMinutes.min}-${POLICY.reviewCopyMinutes.max} minutes, at most ${POLICY.reviewMaxHours} hours.`,
        open: false,
      },
      {
        subtitle: 'When do I receive the money?',
        content: `Usually within ${POLICY.disbursalCopyMinutes.min}-${POLICY.disbursalCopyMinutes.max} minutes of confirming the loan.`,
        open: false,
      },
      {
        subtitle: 'My application was rejected',
        content: `You can apply again after ${POLICY.reapplyDays} days. Your data is deleted after ${POLICY.retentionDays} days if you do not receive a loan.`,
        open: false,
      },
    ],
  },
  {
    title: 'Repayment',
    open: false,
    problems: [
      {
        subtitle: 'How do I repay?',
        content: 'Pay in the app by debit card or wallet (Easypaisa, JazzCash), or by bank transfer and upload the proof of payment.',
        open: false,
      },
      {
        subtitle: 'What if I pay late?',
        content: `A penalty of ${penaltyRate}% of the principal per overdue day is charged; the total penalty never exceeds the principal.`,
        open: false,
      },
      {
        subtitle: 'Can I extend my loan?',
        content: ext ? 'Yes: open the extension page, pay the extension fee and your due date moves forward.' : 'No extension is offered.',
        open: false,
      },
    ],
  },
];
const faqEs = [
  {
    title: 'Sobre los préstamos',
    open: true,
    problems: [
      {
        subtitle: '¿Cuánto puedo pedir?',
        content: `Hasta su límite de crédito, dentro del rango de cada producto (de ${en(range.min)} a ${en(range.max)} PKR). El primer préstamo tiene un tope de ${en(POLICY.creditLadder[0])} PKR; el límite sube un escalón con cada pago puntual: ${ladder} PKR.`,
        open: true,
      },
      {
        subtitle: '¿Cuánto cuesta un préstamo?',
        content: `Al enviar el dinero se descuentan una comisión de tramitación y un impuesto del ${first.taxRate}% sobre esa comisión. El interés se cobra por los días que usted tiene el dinero y nunca supera el ${MAX_ANNUAL_INTEREST}% anual. La TAE que muestra cada pantalla es el costo anual total: interés más la comisión y su impuesto, por eso es mayor que la tasa de interés sola (por ejemplo ${en(example.loanAmount)} PKR a ${example.durationDays} días: interés ${example.annualInterestRate}% anual, TAE ${example.apr}%).`,
        open: false,
      },
      { subtitle: '¿Puedo tener dos préstamos?', content: 'No. Un préstamo a la vez.', open: false },
      {
        subtitle: '¿Cuánto tarda la revisión?',
        content: `Normalmente ${POLICY.reviewCopyMinutes.min}-${POLICY.reviewCopyMinutes.max} minutos, como máximo ${POLICY.reviewMaxHours} horas.`,
        open: false,
      },
      {
        subtitle: '¿Cuándo recibo el dinero?',
        content: `Normalmente ${POLICY.disbursalCopyMinutes.min}-${POLICY.disbursalCopyMinutes.max} minutos después de confirmar el préstamo.`,
        open: false,
      },
      {
        subtitle: 'Mi solicitud fue rechazada',
        content: `Puede volver a solicitar después de ${POLICY.reapplyDays} días. Si no recibe un préstamo, sus datos se borran después de ${POLICY.retentionDays} días.`,
        open: false,
      },
    ],
  },
  {
    title: 'Pagos',
    open: false,
    problems: [
      {
        subtitle: '¿Cómo pago?',
        content: 'Pague en la app con tarjeta de débito o billetera (Easypaisa, JazzCash), o por transferencia bancaria y suba el comprobante.',
        open: false,
      },
      {
        subtitle: '¿Qué pasa si pago tarde?',
        content: `Se cobra una penalización del ${penaltyRate}% del capital por día de atraso; el total nunca supera el capital.`,
        open: false,
      },
      {
        subtitle: '¿Puedo extender mi préstamo?',
        content: ext ? 'Sí: abra la página de extensión, pague la comisión de extensión y la fecha de vencimiento se aplaza.' : 'No se ofrece extensión.',
        open: false,
      },
    ],
  },
];
// figures isolated left-to-right inside the Urdu sentences
const ltr = (v: string | number) => `\u2066${v}\u2069`;
const faqUr = [
  {
    title: 'قرض کے بارے میں',
    open: true,
    problems: [
      {
        subtitle: 'میں کتنا قرض لے سکتا ہوں؟',
        content: `اپنی کریڈٹ حد تک، ہر پیشکش کی اپنی حد کے اندر (${ltr(en(range.min))} سے ${ltr(en(range.max))} روپے)۔ پہلا قرض ${ltr(en(POLICY.creditLadder[0]))} روپے تک ہے؛ ہر بروقت ادائیگی کے بعد حد ایک درجہ بڑھتی ہے: ${ltr(ladder)} روپے۔`,
        open: true,
      },
      {
        subtitle: 'قرض کی لاگت کیا ہے؟',
        content: `رقم بھیجتے وقت پروسیسنگ فیس اور اس فیس پر ${ltr(`${first.taxRate}%`)} ٹیکس کاٹا جاتا ہے۔ سود (مارک اپ) صرف ان دنوں کا لیا جاتا ہے جن میں رقم آپ کے پاس رہے، اور سال میں ${ltr(`${MAX_ANNUAL_INTEREST}%`)} سے زیادہ نہیں ہوتا۔ ہر قرض کی اسکرین پر دکھایا گیا APR پوری سالانہ لاگت ہے: سود کے ساتھ پروسیسنگ فیس اور اس کا ٹیکس بھی، اس لیے یہ صرف سود کی شرح سے زیادہ ہوتا ہے (مثلاً ${ltr(en(example.loanAmount))} روپے، ${ltr(example.durationDays)} دن: سود سالانہ ${ltr(`${example.annualInterestRate}%`)}، APR ${ltr(`${example.apr}%`)})۔`,
        open: false,
      },
      { subtitle: 'کیا میں دو قرض لے سکتا ہوں؟', content: 'نہیں۔ ایک وقت میں ایک قرض۔', open: false },
      {
        subtitle: 'جائزے میں کتنا وقت لگتا ہے؟',
        content: `عام طور پر ${ltr(`${POLICY.reviewCopyMinutes.min}-${POLICY.reviewCopyMinutes.max}`)} منٹ، زیادہ سے زیادہ ${ltr(POLICY.reviewMaxHours)} گھنٹے۔`,
        open: false,
      },
      {
        subtitle: 'رقم کب ملے گی؟',
        content: `عام طور پر قرض کی تصدیق کے ${ltr(`${POLICY.disbursalCopyMinutes.min}-${POLICY.disbursalCopyMinutes.max}`)} منٹ کے اندر۔`,
        open: false,
      },
      {
        subtitle: 'میری درخواست مسترد ہو گئی',
        content: `آپ ${ltr(POLICY.reapplyDays)} دن بعد دوبارہ درخواست دے سکتے ہیں۔ اگر آپ کو قرض نہ ملے تو آپ کا ڈیٹا ${ltr(POLICY.retentionDays)} دن بعد حذف کر دیا جاتا ہے۔`,
        open: false,
      },
    ],
  },
  {
    title: 'ادائیگی',
    open: false,
    problems: [
      {
        subtitle: 'میں ادائیگی کیسے کروں؟',
        content: 'ایپ میں ڈیبٹ کارڈ یا والیٹ (ایزی پیسہ، جاز کیش) سے ادا کریں، یا بینک ٹرانسفر کر کے ادائیگی کا ثبوت اپ لوڈ کریں۔',
        open: false,
      },
      {
        subtitle: 'دیر سے ادائیگی پر کیا ہوگا؟',
        content: `ہر تاخیر والے دن اصل رقم کا ${ltr(`${penaltyRate}%`)} جرمانہ لیا جاتا ہے؛ کل جرمانہ کبھی اصل رقم سے زیادہ نہیں ہوتا۔`,
        open: false,
      },
      {
        subtitle: 'کیا میں قرض کی مدت بڑھا سکتا ہوں؟',
        content: ext ? 'جی ہاں: توسیع کا صفحہ کھولیں، توسیع کی فیس ادا کریں اور آپ کی ادائیگی کی تاریخ آگے بڑھ جائے گی۔' : 'توسیع کی سہولت نہیں ہے۔',
        open: false,
      },
    ],
  },
];
export const FAQ: Record<string, typeof faqEn> = { en: faqEn, es: faqEs, ur: faqUr };

const PERMISSION_NAMES: Record<string, { en: string; ur: string }> = {
  contacts: { en: 'contacts', ur: 'رابطے' },
  sms: { en: 'SMS', ur: 'ایس ایم ایس' },
  installedApps: { en: 'installed apps', ur: 'انسٹال شدہ ایپس' },
  location: { en: 'location', ur: 'مقام' },
  storage: { en: 'storage', ur: 'اسٹوریج' },
  camera: { en: 'camera', ur: 'کیمرہ' },
  deviceInfo: { en: 'device information', ur: 'آلے کی معلومات' },
};
const asked = Object.entries(POLICY.permissions).filter(([, p]) => p.enabled);
const permissionList = (lang: 'en' | 'ur', required: boolean) =>
  asked
    .filter(([, p]) => p.required === required)
    .map(([k]) => PERMISSION_NAMES[k][lang])
    .join(lang === 'en' ? ', ' : '، ') || (lang === 'en' ? 'none' : 'کوئی نہیں');

const policy = (title: string, sections: [string, string][]) => ({
  title,
  version: '1.0',
  updatedAt: '2025-01-01',
  sections: sections.map(([heading, body]) => ({ heading, body })),
});
export const POLICIES: Record<string, Record<string, ReturnType<typeof policy>>> = {
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
        `Device permissions are asked one by one with an explanation. Needed to verify your identity: ${permissionList('en', true)}. Optional, you may refuse them and still apply: ${permissionList('en', false)}.`,
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
        `ہر اجازت وضاحت کے ساتھ الگ سے مانگی جاتی ہے۔ شناخت کی تصدیق کے لیے ضروری: ${permissionList('ur', true)}۔ اختیاری، آپ انکار کر کے بھی درخواست دے سکتے ہیں: ${permissionList('ur', false)}۔`,
      ],
    ]),
    pdPop: policy('ذاتی ڈیٹا نوٹس', [['رضامندی', 'جاری رکھ کر آپ اپنی درخواست کی جانچ کے لیے ڈیٹا کے استعمال پر متفق ہیں۔']]),
    aboutUs: policy('ہمارے بارے میں', [[BRAND_NAME.ur, 'پاکستان میں ذاتی قرضوں کی آن لائن مارکیٹ۔']]),
    customerGuide: policy('صارف تحفظ رہنما', [['کوڈ کبھی نہ بتائیں', 'ہم کبھی فون یا واٹس ایپ پر تصدیقی کوڈ نہیں مانگتے۔']]),
  },
};

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
    'What is your total outstanding debt (PKR)?',
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
    '¿Cuál es su deuda total pendiente (PKR)?',
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
