/**
 * The colour of a repayment status comes from the server (loanMarket/repay-color): repaying,
 * due soon (within its dueSoonDays of the due date), overdue, finished. The word is always
 * shown with it; statuses outside these four keep the kit's neutral badge.
 */
import { OrderStatus, type endpoints, type ResponseOf } from 'shared';

export type RepayColors = ResponseOf<typeof endpoints.repayColor>;
export type Tone = 'repaying' | 'dueSoon' | 'overdue' | 'finished';

const DAY_MS = 86_400_000;
const PKT_OFFSET_MS = 5 * 3_600_000;

/** whole days from today (Pakistan time) to a YYYY-MM-DD due date */
export function daysUntil(dueDate: string, now: number): number {
  const today = new Date(now + PKT_OFFSET_MS).toISOString().slice(0, 10);
  return Math.round((Date.parse(dueDate) - Date.parse(today)) / DAY_MS);
}

const dueTone = (dueDate: string | null, now: number, colors: RepayColors): Tone =>
  dueDate && daysUntil(dueDate, now) <= colors.dueSoonDays ? 'dueSoon' : 'repaying';

/** the tone of an order's status, or null for a status the colours do not cover */
export function orderTone(status: number, dueDate: string | null, now: number, colors: RepayColors): Tone | null {
  if (status === OrderStatus.Overdued) return 'overdue';
  if (status === OrderStatus.Finish) return 'finished';
  if (status === OrderStatus.Repaying) return dueTone(dueDate, now, colors);
  return null;
}

/** a tone's colour, for the kit's badge */
export const serverColour = (tone: Tone, colors: RepayColors) => ({ tone, color: colors[tone] });

/** the tone of one installment of the schedule */
export function installmentTone(status: 'pending' | 'paid' | 'overdue', dueDate: string, now: number, colors: RepayColors): Tone {
  if (status === 'paid') return 'finished';
  if (status === 'overdue') return 'overdue';
  return dueTone(dueDate, now, colors);
}
