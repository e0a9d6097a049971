/** The loan agreement's text in the borrower's language (English or Urdu), from the product's terms and the loan's figures. */
import type { ProductTerms } from '../settings/policy';
import type { LoanFigures as Figures } from '../api/contract';
import C from '../api/contract';

const { BRAND_NAME, formatMoney: rs } = C;

/** the licensed lender running the app (market profile), named in the parties */
type Lender = { corporateName: string; licence: string } | null;

/** title and sections in `lang` (Urdu, or English for any other) */
export function agreementText(t: ProductTerms, f: Figures, name: string | null, lang: string, lender: Lender = null) {
  const ur = lang === 'ur';
  const sections = ur ? agreementUr(t, f, name, lender) : agreementEn(t, f, name, lender);
  return { title: ur ? 'قرض کا معاہدہ' : 'Loan Agreement', sections: sections.filter((x) => x.body) };
}

function agreementEn(t: ProductTerms, f: Figures, name: string | null, lender: Lender) {
  const by = lender ? `${lender.corporateName} (${lender.licence}), offering ${t.lenderName},` : t.lenderName;
  const cap = t.totalCostCapPercent;
  return [
    { heading: 'Parties', body: `${by} (lender) and ${name ?? 'the borrower'} (borrower), through ${BRAND_NAME.en}.` },
    { heading: 'Amount and term', body: `${rs(f.loanAmount)} for ${f.durationDays} days, due on ${f.dueDate}.` },
    {
      heading: 'Costs',
      body: `${
        t.chargesUpfront
          ? `Processing fee ${rs(f.processingFee)} plus ${f.taxRate}% tax (${rs(f.feeTax)}) deducted upfront; you receive ${rs(f.disbursalAmount)}.`
          : `Processing fee ${rs(f.processingFee)} plus ${f.taxRate}% tax (${rs(f.feeTax)}), nothing deducted: you receive ${rs(f.disbursalAmount)} and pay the fee and tax with your repayment.`
      } Interest ${f.dailyInterestRate}% per day, charged each day on the part of the loan you still owe (at least ${f.minInterestDays} day): ${rs(f.interest)} for the full ${f.durationDays} days, less if you repay early or repay part early;${f.reduction ? ` less your coupon ${rs(f.reduction)} (reduction),` : ''} total repayable on the due date ${rs(f.totalRepayable)}. APR ${f.apr}% (what you pay above what you receive, as a yearly rate).`,
    },
    {
      heading: 'Late payment',
      body: `Penalty ${f.penaltyRatePerDay}% of the principal per overdue day, never more than the principal.${cap === null ? '' : ` All charges of the loan together (fee, tax, interest, penalty, extension fees) never more than ${cap}% of the principal.`}`,
    },
    {
      heading: 'Cooling-off',
      body:
        t.coolingOffHours === null
          ? ''
          : `Within ${t.coolingOffHours} hours of receiving the money you may withdraw by returning the principal only, with no fee, interest or tax.${
              t.reapplyAfterWithdrawalDays === null ? '' : ` After a withdrawal, a new loan can be applied for ${t.reapplyAfterWithdrawalDays} days later.`
            }`,
    },
    {
      heading: 'Extension',
      body: t.extensionEnabled
        ? `You may extend by ${t.extensionDays} days by paying ${t.extensionFeeRate}% of the principal plus the penalty still owed, at most ${t.maxExtensions} times.`
        : 'No extension is offered.',
    },
  ];
}

/** the same agreement in Urdu; figures and dates isolated left-to-right so they keep their order */
function agreementUr(t: ProductTerms, f: Figures, name: string | null, lender: Lender) {
  const n = (v: string | number) => `\u2066${v}\u2069`;
  const money = (v: number) => n(rs(v));
  const by = lender ? `${n(lender.corporateName)} (${n(lender.licence)})، جو ${t.lenderName} پیش کرتی ہے،` : t.lenderName;
  const cap = t.totalCostCapPercent;
  return [
    { heading: 'فریقین', body: `${by} (قرض دہندہ) اور ${name ?? 'قرض لینے والا'} (قرض لینے والا)، ${BRAND_NAME.ur} کے ذریعے۔` },
    { heading: 'رقم اور مدت', body: `${money(f.loanAmount)}، ${n(f.durationDays)} دن کے لیے، واجب الادا تاریخ ${n(f.dueDate)}۔` },
    {
      heading: 'لاگت',
      body: `${
        t.chargesUpfront
          ? `پروسیسنگ فیس ${money(f.processingFee)} اور اس پر ${n(`${f.taxRate}%`)} ٹیکس (${money(f.feeTax)}) پہلے ہی کاٹ لیے جاتے ہیں؛ آپ کو ${money(f.disbursalAmount)} ملیں گے۔`
          : `پروسیسنگ فیس ${money(f.processingFee)} اور اس پر ${n(`${f.taxRate}%`)} ٹیکس (${money(f.feeTax)})، کچھ نہیں کاٹا جاتا: آپ کو ${money(f.disbursalAmount)} ملیں گے اور فیس اور ٹیکس قرض کی ادائیگی کے ساتھ ادا ہوں گے۔`
      } سود ${n(`${f.dailyInterestRate}%`)} یومیہ، ہر دن قرض کی اس رقم پر جو ابھی آپ کے ذمے باقی ہو (کم از کم ${n(f.minInterestDays)} دن): پورے ${n(f.durationDays)} دن کا ${money(f.interest)}، جلد یا جزوی جلد ادائیگی پر کم؛${f.reduction ? ` آپ کے کوپن کی رعایت ${money(f.reduction)} کم کر کے،` : ''} واجب الادا تاریخ پر کل قابل ادائیگی ${money(f.totalRepayable)}۔ APR ${n(`${f.apr}%`)} (جو آپ کو ملا اس سے زیادہ جو آپ ادا کریں گے، سالانہ شرح میں)۔`,
    },
    {
      heading: 'تاخیر',
      body: `ہر تاخیر والے دن اصل رقم کا ${n(`${f.penaltyRatePerDay}%`)} جرمانہ، جو کبھی اصل رقم سے زیادہ نہیں ہوتا۔${cap === null ? '' : ` قرض کے تمام اخراجات مل کر (فیس، ٹیکس، سود، جرمانہ، توسیع کی فیس) کبھی اصل رقم کے ${n(`${cap}%`)} سے زیادہ نہیں ہوں گے۔`}`,
    },
    {
      heading: 'غور و فکر کی مدت',
      body:
        t.coolingOffHours === null
          ? ''
          : `رقم ملنے کے ${n(t.coolingOffHours)} گھنٹوں کے اندر آپ صرف اصل رقم واپس کر کے قرض سے دستبردار ہو سکتے ہیں، بغیر کسی فیس، سود یا ٹیکس کے۔${
              t.reapplyAfterWithdrawalDays === null ? '' : ` دستبرداری کے بعد نئے قرض کی درخواست ${n(t.reapplyAfterWithdrawalDays)} دن بعد دی جا سکتی ہے۔`
            }`,
    },
    {
      heading: 'توسیع',
      body: t.extensionEnabled
        ? `آپ اصل رقم کا ${n(`${t.extensionFeeRate}%`)} اور باقی جرمانہ ادا کر کے مدت ${n(t.extensionDays)} دن بڑھا سکتے ہیں، زیادہ سے زیادہ ${n(t.maxExtensions)} بار۔`
        : 'توسیع کی پیشکش نہیں ہے۔',
    },
  ];
}
