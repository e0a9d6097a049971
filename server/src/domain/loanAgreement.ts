/** The loan agreement's text in the borrower's language (English or Urdu), from the product's terms and the loan's figures. */
import type { ProductTerms } from '../policy';
import type { LoanFigures as Figures } from '../contract';
import { maxExtensionsOf } from './figures';

/** title and sections in `lang` (Urdu, or English for any other) */
export function agreementText(t: ProductTerms, f: Figures, name: string | null, lang: string) {
  const ur = lang === 'ur';
  return { title: ur ? 'قرض کا معاہدہ' : 'Loan Agreement', sections: ur ? agreementUr(t, f, name) : agreementEn(t, f, name) };
}

function agreementEn(t: ProductTerms, f: Figures, name: string | null) {
  return [
    { heading: 'Parties', body: `${t.lenderName} (lender) and ${name ?? 'the borrower'} (borrower), through Loan Market.` },
    { heading: 'Amount and term', body: `PKR ${f.loanAmount} for ${f.durationDays} days, due on ${f.dueDate}.` },
    {
      heading: 'Costs',
      body: `Processing fee PKR ${f.processingFee} plus ${f.taxRate}% tax (PKR ${f.feeTax}) deducted upfront; you receive PKR ${f.disbursalAmount}. Interest ${f.dailyInterestRate}% per day, charged only for the days you keep the money (at least ${f.minInterestDays} day): PKR ${f.interest} for the full ${f.durationDays} days, less if you repay early;${f.reduction ? ` less your coupon PKR ${f.reduction} (reduction),` : ''} total repayable on the due date PKR ${f.totalRepayable}. APR ${f.apr}%.`,
    },
    { heading: 'Late payment', body: `Penalty ${f.penaltyRatePerDay}% of the principal per overdue day, never more than the principal.` },
    {
      heading: 'Extension',
      body: t.extensionEnabled
        ? `You may extend by ${t.extensionDays} days by paying ${t.extensionFeeRate}% of the principal plus the penalty still owed, at most ${maxExtensionsOf(t)} times.`
        : 'No extension is offered.',
    },
  ];
}

/** the same agreement in Urdu; figures and dates isolated left-to-right so they keep their order */
function agreementUr(t: ProductTerms, f: Figures, name: string | null) {
  const n = (v: string | number) => `\u2066${v}\u2069`;
  const rs = (v: number) => n(`PKR ${v.toLocaleString('en-US')}`);
  return [
    { heading: 'فریقین', body: `${t.lenderName} (قرض دہندہ) اور ${name ?? 'قرض لینے والا'} (قرض لینے والا)، لون مارکیٹ کے ذریعے۔` },
    { heading: 'رقم اور مدت', body: `${rs(f.loanAmount)}، ${n(f.durationDays)} دن کے لیے، واجب الادا تاریخ ${n(f.dueDate)}۔` },
    {
      heading: 'لاگت',
      body: `پروسیسنگ فیس ${rs(f.processingFee)} اور اس پر ${n(`${f.taxRate}%`)} ٹیکس (${rs(f.feeTax)}) پہلے ہی کاٹ لیے جاتے ہیں؛ آپ کو ${rs(f.disbursalAmount)} ملیں گے۔ سود ${n(`${f.dailyInterestRate}%`)} یومیہ، صرف ان دنوں کا جن میں رقم آپ کے پاس رہے (کم از کم ${n(f.minInterestDays)} دن): پورے ${n(f.durationDays)} دن کا ${rs(f.interest)}، جلد ادائیگی پر کم؛${f.reduction ? ` آپ کے کوپن کی رعایت ${rs(f.reduction)} کم کر کے،` : ''} واجب الادا تاریخ پر کل قابل ادائیگی ${rs(f.totalRepayable)}۔ APR ${n(`${f.apr}%`)}۔`,
    },
    { heading: 'تاخیر', body: `ہر تاخیر والے دن اصل رقم کا ${n(`${f.penaltyRatePerDay}%`)} جرمانہ، جو کبھی اصل رقم سے زیادہ نہیں ہوتا۔` },
    {
      heading: 'توسیع',
      body: t.extensionEnabled
        ? `آپ اصل رقم کا ${n(`${t.extensionFeeRate}%`)} اور باقی جرمانہ ادا کر کے مدت ${n(t.extensionDays)} دن بڑھا سکتے ہیں، زیادہ سے زیادہ ${n(maxExtensionsOf(t))} بار۔`
        : 'توسیع کی پیشکش نہیں ہے۔',
    },
  ];
}
