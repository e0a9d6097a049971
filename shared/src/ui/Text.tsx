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

export function DateText({ value, withTime }: { value: number | string; withTime?: boolean }) {
  return <Ltr>{formatDate(value, withTime)}</Ltr>;
}
