/**
 * What the borrower is told and when (issue 41): a notice on each change they must know (approved, paid out,
 * payment received, overdue) and reminders before the due date (POLICY.reminders.daysBefore), each once per order,
 * kind and key; texted in the borrower's language, never in the quiet hours (Pakistan time), and kept for the
 * in-app inbox. The texts are here, once, for the text message and the inbox alike.
 */
import { POLICY } from '../settings/policy';
import { HOUR_MS, PKT_OFFSET_MS, pkDate, pkDay } from '../core/time';
import type { Notice } from '../api/contract';

/** the kinds: the contract's (shared/src/contract/schemas/notices.ts) */
export type NoticeKind = Notice['kind'];
export type Lang = 'en' | 'ur';

/** what a notice's text names; each kind uses some */
export interface NoticeParams {
  orderNo: string;
  /** whole rupees: the amount approved, paid out, received, or owed */
  amount: number;
  /** the due date, a Pakistan calendar date (yyyy-mm-dd) */
  dueDate?: string;
  /** a reminder's: how many Pakistan days before the due date it is for (0: on it) */
  daysBefore?: number;
}

type Text = { title: string; body: string };
const TEXTS: Record<Exclude<NoticeKind, 'reminder'>, Record<Lang, Text>> = {
  approved: {
    en: { title: 'Loan approved', body: 'Your loan {orderNo} of {amount} is approved. Open the app to get the money.' },
    ur: { title: 'قرض منظور', body: 'آپ کا قرض {orderNo} ({amount}) منظور ہو گیا ہے۔ رقم لینے کے لیے ایپ کھولیں۔' },
  },
  paidOut: {
    en: { title: 'Loan paid out', body: '{amount} of loan {orderNo} was sent to your account. Due date: {dueDate}.' },
    ur: { title: 'قرض کی ادائیگی', body: 'قرض {orderNo} کے {amount} آپ کے اکاؤنٹ میں بھیج دیے گئے۔ واپسی کی تاریخ: {dueDate}۔' },
  },
  paymentReceived: {
    en: { title: 'Payment received', body: 'We received {amount} for loan {orderNo}. Thank you.' },
    ur: { title: 'ادائیگی موصول', body: 'قرض {orderNo} کے لیے {amount} موصول ہو گئے۔ شکریہ۔' },
  },
  overdue: {
    en: { title: 'Loan overdue', body: 'Loan {orderNo} was due on {dueDate} and is overdue: {amount} owed. Repay in the app now.' },
    ur: {
      title: 'قرض کی تاریخ گزر گئی',
      body: 'قرض {orderNo} کی واپسی {dueDate} کو تھی اور تاریخ گزر چکی ہے: {amount} واجب الادا۔ ابھی ایپ میں ادائیگی کریں۔',
    },
  },
};

/** our reference of a notice's text, given to the gateway and echoed in its delivery report */
export const noticeRef = (id: number) => `notice:${id}`;
/** the notice a text's reference names, or null */
export const noticeOfRef = (ref: string): number | null => (/^notice:(\d+)$/.exec(ref) ? Number(ref.slice('notice:'.length)) : null);

/** a reminder's text by how far the due date is: on it, the day before, or `{days}` days before */
const REMINDER_TEXTS: Record<'today' | 'tomorrow' | 'later', Record<Lang, Text>> = {
  later: {
    en: { title: 'Due in {days} days', body: 'Loan {orderNo} is due on {dueDate}: {amount} owed. Repay on time in the app.' },
    ur: { title: '{days} دن میں واجب الادا', body: 'قرض {orderNo} کی واپسی {dueDate} کو ہے: {amount} واجب الادا۔ ایپ میں وقت پر ادائیگی کریں۔' },
  },
  tomorrow: {
    en: { title: 'Due tomorrow', body: 'Loan {orderNo} is due tomorrow, {dueDate}: {amount} owed. Repay in the app.' },
    ur: { title: 'کل واجب الادا', body: 'قرض {orderNo} کی واپسی کل {dueDate} کو ہے: {amount} واجب الادا۔ ایپ میں ادائیگی کریں۔' },
  },
  today: {
    en: { title: 'Due today', body: 'Loan {orderNo} is due today: {amount} owed. Repay in the app to avoid a late charge.' },
    ur: { title: 'آج واجب الادا', body: 'قرض {orderNo} کی واپسی آج ہے: {amount} واجب الادا۔ تاخیر کے چارجز سے بچنے کے لیے ایپ میں ادائیگی کریں۔' },
  },
};
const textOf = (kind: NoticeKind, lang: Lang, daysBefore = 0): Text =>
  kind === 'reminder' ? REMINDER_TEXTS[daysBefore === 0 ? 'today' : daysBefore === 1 ? 'tomorrow' : 'later'][lang] : TEXTS[kind][lang];

/** the brand every text starts with (the sender id shows it too, but not on every phone) */
const BRAND = 'LoanMarket';

/** the notice's title and body in `lang` */
export function noticeText(kind: NoticeKind, lang: Lang, p: NoticeParams): Text {
  const t = textOf(kind, lang, p.daysBefore);
  // in Urdu each value is isolated left-to-right (U+2066..U+2069) and "Rs." kept with its figure (no-break space): a date or
  // an amount keeps its order in the line; English stays in GSM characters (a text in UCS-2 costs twice the segments)
  const value = (v: string) => (lang === 'ur' ? `\u2066${v}\u2069` : v);
  const space = lang === 'ur' ? '\u00a0' : ' ';
  const fill = (s: string) =>
    s
      .replace('{orderNo}', value(p.orderNo))
      .replace('{amount}', value(`Rs.${space}${p.amount.toLocaleString('en-US')}`))
      .replace('{dueDate}', value(p.dueDate ?? ''))
      .replace('{days}', String(p.daysBefore ?? ''));
  return { title: fill(t.title), body: fill(t.body) };
}

/** the text message of a notice */
export const noticeSms = (kind: NoticeKind, lang: Lang, p: NoticeParams): string => `${BRAND}: ${noticeText(kind, lang, p).body}`;

/** the text message of a one-time code (the code first: phones that read codes out of messages find it) */
export function codeSms(code: string, lang: Lang, expiryMinutes: number): string {
  return lang === 'ur'
    ? `${code} آپ کا ${BRAND} کوڈ ہے۔ یہ ${expiryMinutes} منٹ کے لیے ہے۔ کسی کو نہ بتائیں۔`
    : `${code} is your ${BRAND} code. It is valid for ${expiryMinutes} minutes. Do not share it with anyone.`;
}

/**
 * the reminder due on `now`'s Pakistan day for a loan due at `dueAt` (POLICY.reminders.daysBefore), or null; its key,
 * the due date and the days before it, makes it once per order and day (a moved due date has reminders of its own)
 */
export function reminderOn(dueAt: number, now: number): { key: string; daysBefore: number } | null {
  const daysBefore = pkDay(dueAt) - pkDay(now);
  if (!POLICY.reminders.daysBefore.includes(daysBefore)) return null;
  return { key: `${pkDate(dueAt)}/${daysBefore}`, daysBefore };
}

/** a reminder is for its day: not sent once that Pakistan day is over (the server was down, or it waited the night) */
export const staleAt = (kind: NoticeKind, createdAt: number, now: number): boolean => kind === 'reminder' && pkDay(now) !== pkDay(createdAt);

/** the Pakistan hour of `now` falls in the quiet hours: no text is sent */
export function quietAt(now: number): boolean {
  const hour = Math.floor(((now + PKT_OFFSET_MS) % (24 * HOUR_MS)) / HOUR_MS);
  const { quietFromHour: from, quietToHour: to } = POLICY.notices;
  return from > to ? hour >= from || hour < to : hour >= from && hour < to;
}
