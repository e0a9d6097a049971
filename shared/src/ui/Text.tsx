import type { ReactNode } from 'react';
import { formatDate, formatMoney, formatRate } from './format';

/** Left-to-right island inside Urdu text: numbers, phones, CNIC, IBAN, dates. */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="ltr">
      {children}
    </bdi>
  );
}

export function Money({ amount }: { amount: number }) {
  return <Ltr>{formatMoney(amount)}</Ltr>;
}

/** A percent figure (APR): rounded like every rate, kept left-to-right. */
export function Percent({ value }: { value: number }) {
  return <Ltr>{formatRate(value)}%</Ltr>;
}

/** A date (and time): kept left-to-right; with the time it may wrap between the two at large text, never inside either. */
export function DateText({ value, withTime }: { value: number | string; withTime?: boolean }) {
  const text = formatDate(value, withTime);
  const [date, time] = text.split('\u00a0');
  if (!time) return <Ltr>{text}</Ltr>;
  return (
    <bdi dir="ltr" className="ltr-wrap">
      <span className="ltr">{date}</span> <span className="ltr">{time}</span>
    </bdi>
  );
}

/**
 * What a figure is, for a screen reader only ("Due date: "), where a row of a list shows the figure alone: the row then
 * reads as labelled parts, not one run-on string of words, dates and amounts.
 */
export function SrLabel({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}: </span>;
}
