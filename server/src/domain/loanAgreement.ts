/** The loan agreement's text in the borrower's language (English or Urdu), from the product's terms and the loan's figures. */
import type { ProductTerms } from '../settings/policy';
import type { LoanFigures as Figures } from '../api/contract';
import C from '../api/contract';

const { BRAND_NAME, formatMoney: rs } = C;

/** title and sections in `lang` (Urdu, or English for any other) */
export function agreementText(t: ProductTerms, f: Figures, name: string | null, lang: string) {
  const ur = lang === 'ur';
  return { title: ur ? 'قرض کا معاہدہ' : 'Loan Agreement', sections: ur ? agreementUr(t, f, name) : agreementEn(t, f, name) };
}

function agreementEn(t: ProductTerms, f: Figures, name: string | null) {
  return [
    { heading: 'Parties', body: `${t.lenderName} (lender) and ${name ?? 'the borrower'} (borrower), through ${BRAND_NAME.en}.` },
    { heading: 'Amount and term', body: `${rs(f.loanAmount)} for ${f.durationDays} days, due on ${f.dueDate}.` },
    {
      heading: 'Costs',
      body: `Processing fee ${rs(f.processingFee)} plus ${f.taxRate}% tax (${rs(f.feeTax)}) deducted upfront; you receive ${rs(f.disbursalAmount)}. Interest ${f.dailyInterestRate}% per day, charged only for the days you keep the money (at least ${f.minInterestDays} day): ${rs(f.interest)} for the full ${f.durationDays} days, less if you repay early;${f.reduction ? ` less your coupon ${rs(f.reduction)} (reduction),` : ''} total repayable on the due date ${rs(f.totalRepayable)}. APR ${f.apr}%.`,
    },
    { heading: 'Late payment', body: `Penalty ${f.penaltyRatePerDay}% of the principal per overdue day, never more than the principal.` },
    {
      heading: 'Extension',
      body: t.extensionEnabled
        ? `You may extend by ${t.extensionDays} days by paying ${t.extensionFeeRate}% of the principal plus the penalty still owed, at most ${t.maxExtensions} times.`
        : 'No extension is offered.',
    },
  ];
}

/** the same agreement in Urdu; figures and dates isolated left-to-right so they keep their order */
function agreementUr(t: ProductTerms, f: Figures, name: string | null) {
  const n = (v: string | number) => `\u2066${v}\u2069`;
  const money = (v: number) => n(rs(v));
  return [
    { heading: 'فریقین', body: `${t.lenderName} (قرض دہندہ) اور ${name ?? 'قرض لینے والا'} (قرض لینے والا)، ${BRAND_NAME.ur} کے ذریعے۔` },
    { heading: 'رقم اور مدت', body: `${money(f.loanAmount)}، ${n(f.durationDays)} دن کے لیے، واجب الادا تاریخ ${n(f.dueDate)}۔` },
    {
      heading: 'لاگت',
      body: `پروسیسنگ فیس ${money(f.processingFee)} اور اس پر ${n(`${f.taxRate}%`)} ٹیکس (${money(f.feeTax)}) پہلے ہی کاٹ لیے جاتے ہیں؛ آپ کو ${money(f.disbursalAmount)} ملیں گے۔ سود ${n(`${f.dailyInterestRate}%`)} یومیہ، صرف ان دنوں کا جن میں رقم آپ کے پاس رہے (کم از کم ${n(f.minInterestDays)} دن): پورے ${n(f.durationDays)} دن کا ${money(f.interest)}، جلد ادائیگی پر کم؛${f.reduction ? ` آپ کے کوپن کی رعایت ${money(f.reduction)} کم کر کے،` : ''} واجب الادا تاریخ پر کل قابل ادائیگی ${money(f.totalRepayable)}۔ APR ${n(`${f.apr}%`)}۔`,
    },
    { heading: 'تاخیر', body: `ہر تاخیر والے دن اصل رقم کا ${n(`${f.penaltyRatePerDay}%`)} جرمانہ، جو کبھی اصل رقم سے زیادہ نہیں ہوتا۔` },
    {
      heading: 'توسیع',
      body: t.extensionEnabled
        ? `آپ اصل رقم کا ${n(`${t.extensionFeeRate}%`)} اور باقی جرمانہ ادا کر کے مدت ${n(t.extensionDays)} دن بڑھا سکتے ہیں، زیادہ سے زیادہ ${n(t.maxExtensions)} بار۔`
        : 'توسیع کی پیشکش نہیں ہے۔',
    },
  ];
}
