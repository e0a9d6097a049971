/**
 * The 46 banks of the bank list (index 1-46, the spec's numbering) and the two wallets, with
 * their names in English and Urdu. Brand names are written in Urdu script the way the banks
 * write them on their Urdu pages; an account keeps its English name in the database and is
 * shown in the borrower's language by its index.
 */
const NAMES: [en: string, ur: string][] = [
  ['Allied Bank Limited', 'الائیڈ بینک لمیٹڈ'],
  ['Askari Bank', 'عسکری بینک'],
  ['Bank Alfalah', 'بینک الفلاح'],
  ['Bank Al Habib', 'بینک الحبیب'],
  ['BankIslami Pakistan', 'بینک اسلامی پاکستان'],
  ['Bank of Khyber', 'بینک آف خیبر'],
  ['Bank of Punjab', 'بینک آف پنجاب'],
  ['Citibank Pakistan', 'سٹی بینک پاکستان'],
  ['Dubai Islamic Bank Pakistan', 'دبئی اسلامک بینک پاکستان'],
  ['Faysal Bank', 'فیصل بینک'],
  ['First Women Bank', 'فرسٹ ویمن بینک'],
  ['Habib Bank Limited', 'حبیب بینک لمیٹڈ'],
  ['Habib Metropolitan Bank', 'حبیب میٹروپولیٹن بینک'],
  ['Telenor Microfinance Bank (Easypaisa)', 'ٹیلی نار مائیکروفنانس بینک (ایزی پیسہ)'],
  ['JS Bank', 'جے ایس بینک'],
  ['MCB Bank', 'ایم سی بی بینک'],
  ['MCB Islamic Bank', 'ایم سی بی اسلامک بینک'],
  ['Meezan Bank', 'میزان بینک'],
  ['National Bank of Pakistan', 'نیشنل بینک آف پاکستان'],
  ['Samba Bank', 'سامبا بینک'],
  ['Silkbank', 'سلک بینک'],
  ['Sindh Bank', 'سندھ بینک'],
  ['Soneri Bank', 'سونیری بینک'],
  ['Standard Chartered Pakistan', 'اسٹینڈرڈ چارٹرڈ پاکستان'],
  ['Summit Bank', 'سمٹ بینک'],
  ['United Bank Limited', 'یونائیٹڈ بینک لمیٹڈ'],
  ['Al Baraka Bank', 'البرکہ بینک'],
  ['Bank of China Pakistan', 'بینک آف چائنا پاکستان'],
  ['Industrial and Commercial Bank of China', 'انڈسٹریل اینڈ کمرشل بینک آف چائنا'],
  ['Deutsche Bank Pakistan', 'ڈوئچے بینک پاکستان'],
  ['Mobilink Microfinance Bank (JazzCash)', 'موبی لنک مائیکروفنانس بینک (جاز کیش)'],
  ['Khushhali Microfinance Bank', 'خوشحالی مائیکروفنانس بینک'],
  ['NRSP Microfinance Bank', 'این آر ایس پی مائیکروفنانس بینک'],
  ['FINCA Microfinance Bank', 'فنکا مائیکروفنانس بینک'],
  ['U Microfinance Bank', 'یو مائیکروفنانس بینک'],
  ['Advans Pakistan Microfinance Bank', 'ایڈوانس پاکستان مائیکروفنانس بینک'],
  ['APNA Microfinance Bank', 'اپنا مائیکروفنانس بینک'],
  ['Pak Oman Microfinance Bank', 'پاک عمان مائیکروفنانس بینک'],
  ['Sindh Microfinance Bank', 'سندھ مائیکروفنانس بینک'],
  ['HBL Microfinance Bank', 'ایچ بی ایل مائیکروفنانس بینک'],
  ['Zarai Taraqiati Bank', 'زرعی ترقیاتی بینک'],
  ['SME Bank', 'ایس ایم ای بینک'],
  ['Punjab Provincial Cooperative Bank', 'پنجاب پراونشل کوآپریٹو بینک'],
  ['The Bank of Azad Jammu and Kashmir', 'بینک آف آزاد جموں و کشمیر'],
  ['Al Habib Islamic Banking', 'الحبیب اسلامک بینکنگ'],
  ['NayaPay', 'نیا پے'],
];
const WALLET_NAMES = { Easypaisa: { index: 14, en: 'Easypaisa', ur: 'ایزی پیسہ' }, Jazzcash: { index: 31, en: 'JazzCash', ur: 'جاز کیش' } };

export type BankLang = 'en' | 'ur';
export const BANK_LANGS: BankLang[] = ['en', 'ur'];

export const banksIn = (lang: BankLang) =>
  NAMES.map((_names, i) => ({
    index: i + 1,
    name: bankNameOf(i + 1, lang),
    code: `PK${String(i + 1).padStart(3, '0')}`,
    wallet: Object.values(WALLET_NAMES).some((w) => w.index === i + 1),
  }));

export const walletsIn = (lang: BankLang) =>
  (Object.entries(WALLET_NAMES) as [keyof typeof WALLET_NAMES, (typeof WALLET_NAMES)[keyof typeof WALLET_NAMES]][]).map(([cardType, w]) => ({
    cardType,
    index: w.index,
    name: w[lang],
  }));

/** The name to show for an account: its listed bank's (a wallet's is its microfinance bank) in `lang`; an IBAN's is what was saved. */
export function bankNameIn(lang: string, cardType: string, bankIndex: number | null, saved: string): string {
  return cardType !== 'IBAN' && bankIndex && NAMES[bankIndex - 1] ? bankNameOf(bankIndex, lang) : saved;
}

/** A listed bank's name in `lang` (Urdu, or English for any other language). */
export const bankNameOf = (index: number, lang: string) => NAMES[index - 1][lang === 'ur' ? 1 : 0];
