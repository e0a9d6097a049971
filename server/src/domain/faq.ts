/**
 * The FAQ (English, Spanish, Urdu) of a market profile: every figure and rule it quotes comes from the
 * profile's products and rules (market/profile.ts), so under pk-secp it says the fee and tax are paid with
 * the repayment (nothing deducted), the daily-rate and total-cost caps, the cooling-off and the complaint
 * route, and under the spec's profile what the spec says. Seeded at every start (app/seed.ts). Text built
 * from the rules (an example loan's figures), so it sits above them, not in settings/ (data the rules read).
 */
import { POLICY } from '../settings/policy';
import { figures } from './figures';
import { productsOf, type MarketProfile } from '../market/profile';

type Problem = { subtitle: string; content: string; open: boolean };
type Section = { title: string; open: boolean; problems: Problem[] };

const en = (n: number) => n.toLocaleString('en-US');
// figures isolated left-to-right inside the Urdu sentences
const ltr = (v: string | number) => `\u2066${v}\u2069`;
const q = (subtitle: string, content: string, open = false): Problem => ({ subtitle, content, open });

/** what the FAQ quotes, from the profile */
function factsOf(p: MarketProfile) {
  const products = productsOf(p);
  const first = products[0];
  return {
    p,
    ext: products.some((x) => x.extensionEnabled),
    range: { min: Math.min(...products.map((x) => x.minAmount)), max: Math.max(...products.map((x) => x.maxAmount)) },
    firstCap: p.creditLadder[0],
    ladder: p.creditLadder.map(en).join(' → '),
    first,
    example: figures(first, p.creditLadder[0], first.tenures[0], { now: 0 }),
    upfront: !p.noUpfrontCharges,
  };
}
type Facts = ReturnType<typeof factsOf>;

function faqEn({ p, ext, range, firstCap, ladder, first, example, upfront }: Facts): Section[] {
  const rateCap = p.maxDailyRatePercent !== null ? `never above ${p.maxDailyRatePercent}% a day` : `never above ${p.maxAnnualRatePercent}% a year`;
  const costCap =
    p.totalCostCapPercent === null
      ? ''
      : ` All charges together (fee, tax, interest, penalty, extension fees) never exceed ${p.totalCostCapPercent}% of the loan amount.`;
  return [
    {
      title: 'About loans',
      open: true,
      problems: [
        q(
          'How much can I borrow?',
          `Up to your credit limit, within each product's own range (Rs ${en(range.min)} to ${en(range.max)} across products). A first loan is capped at Rs ${en(firstCap)}; each on-time repayment raises the limit a step: Rs ${ladder}.`,
          true,
        ),
        q(
          'What does a loan cost?',
          `${
            upfront
              ? `A processing fee and ${first.taxRate}% tax on that fee are deducted when the money is sent.`
              : `A processing fee and ${first.taxRate}% tax on that fee are paid with your repayment: nothing is deducted, you receive the whole loan amount.`
          } Interest is charged each day on the part of the loan you still owe (a part repaid early stops costing interest from the next day) and is ${rateCap}. The APR every loan screen shows is the all-in yearly cost of what you pay: interest plus the processing fee and its tax, less any coupon, as a share of the amount you receive, scaled from the loan's days to a year; so it is higher than the interest rate alone (for example Rs ${en(example.loanAmount)} for ${example.durationDays} days: interest ${example.annualInterestRate}% a year, APR ${example.apr}%).${costCap}`,
        ),
        q('Can I have two loans?', 'No. One loan at a time.'),
        q(
          'How long does the review take?',
          `Usually about ${POLICY.reviewCopyMinutes.min}-${POLICY.reviewCopyMinutes.max} minutes, at most ${POLICY.reviewMaxHours} hours.`,
        ),
        q(
          'When do I receive the money?',
          `Usually within ${POLICY.disbursalCopyMinutes.min}-${POLICY.disbursalCopyMinutes.max} minutes of confirming the loan.`,
        ),
        q(
          'My application was rejected',
          `You can apply again after ${POLICY.reapplyDays} days. Your data is deleted after ${POLICY.retentionDays} days if you do not receive a loan.`,
        ),
        ...(p.coolingOffHours === null
          ? []
          : [
              q(
                'Can I change my mind after receiving the money?',
                `Yes, within ${p.coolingOffHours} hours of receiving it: open the repayment screen and choose Withdraw. You return only the loan amount, with no fee, interest or tax, and the loan is closed.${p.reapplyAfterWithdrawalDays === null ? '' : ` A new loan can then be applied for ${p.reapplyAfterWithdrawalDays} days after the withdrawal.`}`,
              ),
            ]),
        ...(p.complaints === null
          ? []
          : [
              q(
                'How do I complain?',
                `From Me, Complaints: choose what it is about and describe it; you get a ticket number. We answer within ${p.complaints.resolutionDays} days; if your complaint is not resolved by then, you may take it to ${p.complaints.regulator.name} (${p.complaints.regulator.url}).`,
              ),
            ]),
      ],
    },
    {
      title: 'Repayment',
      open: false,
      problems: [
        q('How do I repay?', 'Pay in the app by debit card or wallet (Easypaisa, JazzCash), or by bank transfer and upload the proof of payment.'),
        q(
          'What if I pay late?',
          `A penalty of ${first.penaltyRatePerDay}% of the principal per overdue day is charged; the total penalty never exceeds the principal.`,
        ),
        q('Can I extend my loan?', ext ? 'Yes: open the extension page, pay the extension fee and your due date moves forward.' : 'No extension is offered.'),
      ],
    },
  ];
}

function faqEs({ p, ext, range, firstCap, ladder, first, example, upfront }: Facts): Section[] {
  const rateCap = p.maxDailyRatePercent !== null ? `nunca supera el ${p.maxDailyRatePercent}% diario` : `nunca supera el ${p.maxAnnualRatePercent}% anual`;
  const costCap =
    p.totalCostCapPercent === null
      ? ''
      : ` Todos los cargos juntos (comisión, impuesto, interés, penalización, comisiones de extensión) nunca superan el ${p.totalCostCapPercent}% del préstamo.`;
  return [
    {
      title: 'Sobre los préstamos',
      open: true,
      problems: [
        q(
          '¿Cuánto puedo pedir?',
          `Hasta su límite de crédito, dentro del rango de cada producto (de Rs ${en(range.min)} a Rs ${en(range.max)}). El primer préstamo tiene un tope de Rs ${en(firstCap)}; el límite sube un escalón con cada pago puntual: Rs ${ladder}.`,
          true,
        ),
        q(
          '¿Cuánto cuesta un préstamo?',
          `${
            upfront
              ? `Al enviar el dinero se descuentan una comisión de tramitación y un impuesto del ${first.taxRate}% sobre esa comisión.`
              : `Una comisión de tramitación y un impuesto del ${first.taxRate}% sobre esa comisión se pagan con el reembolso: no se descuenta nada, usted recibe el préstamo entero.`
          } El interés se cobra cada día sobre la parte del préstamo que aún debe (una parte pagada antes deja de costar interés desde el día siguiente) y ${rateCap}. La TAE que muestra cada pantalla es el costo anual total de lo que usted paga: interés más la comisión y su impuesto, menos cualquier cupón, como parte de lo que recibe, llevado de los días del préstamo a un año; por eso es mayor que la tasa de interés sola (por ejemplo Rs ${en(example.loanAmount)} a ${example.durationDays} días: interés ${example.annualInterestRate}% anual, TAE ${example.apr}%).${costCap}`,
        ),
        q('¿Puedo tener dos préstamos?', 'No. Un préstamo a la vez.'),
        q(
          '¿Cuánto tarda la revisión?',
          `Normalmente ${POLICY.reviewCopyMinutes.min}-${POLICY.reviewCopyMinutes.max} minutos, como máximo ${POLICY.reviewMaxHours} horas.`,
        ),
        q(
          '¿Cuándo recibo el dinero?',
          `Normalmente ${POLICY.disbursalCopyMinutes.min}-${POLICY.disbursalCopyMinutes.max} minutos después de confirmar el préstamo.`,
        ),
        q(
          'Mi solicitud fue rechazada',
          `Puede volver a solicitar después de ${POLICY.reapplyDays} días. Si no recibe un préstamo, sus datos se borran después de ${POLICY.retentionDays} días.`,
        ),
        ...(p.coolingOffHours === null
          ? []
          : [
              q(
                '¿Puedo cambiar de opinión después de recibir el dinero?',
                `Sí, dentro de las ${p.coolingOffHours} horas siguientes: abra la pantalla de pago y elija Desistir. Devuelve solo el préstamo, sin comisión, interés ni impuesto, y el préstamo se cierra.${p.reapplyAfterWithdrawalDays === null ? '' : ` Después podrá solicitar un nuevo préstamo ${p.reapplyAfterWithdrawalDays} días tras el desistimiento.`}`,
              ),
            ]),
        ...(p.complaints === null
          ? []
          : [
              q(
                '¿Cómo presento una queja?',
                `Desde Mi cuenta, Quejas: elija el motivo y descríbalo; recibe un número de caso. Respondemos en ${p.complaints.resolutionDays} días; si su queja no se resuelve en ese plazo, puede llevarla a ${p.complaints.regulator.name} (${p.complaints.regulator.url}).`,
              ),
            ]),
      ],
    },
    {
      title: 'Pagos',
      open: false,
      problems: [
        q('¿Cómo pago?', 'Pague en la app con tarjeta de débito o billetera (Easypaisa, JazzCash), o por transferencia bancaria y suba el comprobante.'),
        q(
          '¿Qué pasa si pago tarde?',
          `Se cobra una penalización del ${first.penaltyRatePerDay}% del capital por día de atraso; el total nunca supera el capital.`,
        ),
        q(
          '¿Puedo extender mi préstamo?',
          ext ? 'Sí: abra la página de extensión, pague la comisión de extensión y la fecha de vencimiento se aplaza.' : 'No se ofrece extensión.',
        ),
      ],
    },
  ];
}

function faqUr({ p, ext, range, firstCap, ladder, first, example, upfront }: Facts): Section[] {
  const rateCap =
    p.maxDailyRatePercent !== null
      ? `روزانہ ${ltr(`${p.maxDailyRatePercent}%`)} سے زیادہ نہیں ہوتا`
      : `سال میں ${ltr(`${p.maxAnnualRatePercent}%`)} سے زیادہ نہیں ہوتا`;
  const costCap =
    p.totalCostCapPercent === null
      ? ''
      : ` تمام چارجز مل کر (فیس، ٹیکس، سود، جرمانہ، توسیع کی فیس) کبھی قرض کی رقم کے ${ltr(`${p.totalCostCapPercent}%`)} سے زیادہ نہیں ہوتے۔`;
  return [
    {
      title: 'قرض کے بارے میں',
      open: true,
      problems: [
        q(
          'میں کتنا قرض لے سکتا ہوں؟',
          `اپنی کریڈٹ حد تک، ہر پیشکش کی اپنی حد کے اندر (${ltr(en(range.min))} سے ${ltr(en(range.max))} روپے)۔ پہلا قرض ${ltr(en(firstCap))} روپے تک ہے؛ ہر بروقت ادائیگی کے بعد حد ایک درجہ بڑھتی ہے: ${ltr(ladder)} روپے۔`,
          true,
        ),
        q(
          'قرض کی لاگت کیا ہے؟',
          `${
            upfront
              ? `رقم بھیجتے وقت پروسیسنگ فیس اور اس فیس پر ${ltr(`${first.taxRate}%`)} ٹیکس کاٹا جاتا ہے۔`
              : `پروسیسنگ فیس اور اس فیس پر ${ltr(`${first.taxRate}%`)} ٹیکس آپ کی ادائیگی کے ساتھ لیے جاتے ہیں: کچھ نہیں کاٹا جاتا، آپ کو قرض کی پوری رقم ملتی ہے۔`
          } سود ہر دن قرض کی اس رقم پر لیا جاتا ہے جو ابھی آپ کے ذمے باقی ہے (پہلے ادا کیا گیا حصہ اگلے دن سے سود نہیں لیتا)، اور ${rateCap}۔ ہر قرض کی اسکرین پر دکھایا گیا APR آپ کی ادائیگی کی پوری سالانہ لاگت ہے: سود کے ساتھ پروسیسنگ فیس اور اس کا ٹیکس، کوپن کی رعایت کم کر کے، آپ کو ملنے والی رقم کے حصے کے طور پر، قرض کے دنوں سے ایک سال پر پھیلا کر؛ اس لیے یہ صرف سود کی شرح سے زیادہ ہوتا ہے (مثلاً ${ltr(en(example.loanAmount))} روپے، ${ltr(example.durationDays)} دن: سود سالانہ ${ltr(`${example.annualInterestRate}%`)}، APR ${ltr(`${example.apr}%`)})۔${costCap}`,
        ),
        q('کیا میں دو قرض لے سکتا ہوں؟', 'نہیں۔ ایک وقت میں ایک قرض۔'),
        q(
          'جائزے میں کتنا وقت لگتا ہے؟',
          `عام طور پر ${ltr(`${POLICY.reviewCopyMinutes.min}-${POLICY.reviewCopyMinutes.max}`)} منٹ، زیادہ سے زیادہ ${ltr(POLICY.reviewMaxHours)} گھنٹے۔`,
        ),
        q('رقم کب ملے گی؟', `عام طور پر قرض کی تصدیق کے ${ltr(`${POLICY.disbursalCopyMinutes.min}-${POLICY.disbursalCopyMinutes.max}`)} منٹ کے اندر۔`),
        q(
          'میری درخواست مسترد ہو گئی',
          `آپ ${ltr(POLICY.reapplyDays)} دن بعد دوبارہ درخواست دے سکتے ہیں۔ اگر آپ کو قرض نہ ملے تو آپ کا ڈیٹا ${ltr(POLICY.retentionDays)} دن بعد حذف کر دیا جاتا ہے۔`,
        ),
        ...(p.coolingOffHours === null
          ? []
          : [
              q(
                'کیا رقم ملنے کے بعد میں اپنا ارادہ بدل سکتا ہوں؟',
                `جی ہاں، رقم ملنے کے ${ltr(p.coolingOffHours)} گھنٹے کے اندر: ادائیگی کی اسکرین کھولیں اور دستبرداری منتخب کریں۔ آپ صرف قرض کی رقم واپس کرتے ہیں، کوئی فیس، سود یا ٹیکس نہیں، اور قرض بند ہو جاتا ہے۔${p.reapplyAfterWithdrawalDays === null ? '' : ` اس کے بعد نئے قرض کی درخواست دستبرداری کے ${ltr(p.reapplyAfterWithdrawalDays)} دن بعد دی جا سکتی ہے۔`}`,
              ),
            ]),
        ...(p.complaints === null
          ? []
          : [
              q(
                'میں شکایت کیسے کروں؟',
                `میرا اکاؤنٹ، شکایات سے: موضوع منتخب کریں اور تفصیل لکھیں؛ آپ کو ایک ٹکٹ نمبر ملے گا۔ ہم ${ltr(p.complaints.resolutionDays)} دن میں جواب دیتے ہیں؛ اگر تب تک شکایت حل نہ ہو تو آپ ${ltr(p.complaints.regulator.name)} (${ltr(p.complaints.regulator.url)}) سے رجوع کر سکتے ہیں۔`,
              ),
            ]),
      ],
    },
    {
      title: 'ادائیگی',
      open: false,
      problems: [
        q('میں ادائیگی کیسے کروں؟', 'ایپ میں ڈیبٹ کارڈ یا والیٹ (ایزی پیسہ، جاز کیش) سے ادا کریں، یا بینک ٹرانسفر کر کے ادائیگی کا ثبوت اپ لوڈ کریں۔'),
        q(
          'دیر سے ادائیگی پر کیا ہوگا؟',
          `ہر تاخیر والے دن اصل رقم کا ${ltr(`${first.penaltyRatePerDay}%`)} جرمانہ لیا جاتا ہے؛ کل جرمانہ کبھی اصل رقم سے زیادہ نہیں ہوتا۔`,
        ),
        q(
          'کیا میں قرض کی مدت بڑھا سکتا ہوں؟',
          ext ? 'جی ہاں: توسیع کا صفحہ کھولیں، توسیع کی فیس ادا کریں اور آپ کی ادائیگی کی تاریخ آگے بڑھ جائے گی۔' : 'توسیع کی سہولت نہیں ہے۔',
        ),
      ],
    },
  ];
}

/** the FAQ by content language under profile `p` */
export function faqOf(p: MarketProfile): Record<string, Section[]> {
  const facts = factsOf(p);
  return { en: faqEn(facts), es: faqEs(facts), ur: faqUr(facts) };
}
