/**
 * The colour of a repayment status comes from the server (loanMarket/repay-color): repaying,
 * due soon (within its dueSoonDays of the due date, counted by the server), overdue, finished. The word is always
 * shown with it; statuses outside these four keep the kit's neutral badge.
 */
import { OrderStatus, type endpoints, type ResponseOf } from 'shared';

export type RepayColors = ResponseOf<typeof endpoints.repayColor>;
export type Tone = 'repaying' | 'dueSoon' | 'overdue' | 'finished';

/** due soon: `daysToDue` (the server's count of Pakistan days to the due date) within the configured days */
const dueTone = (daysToDue: number | null, colors: RepayColors): Tone => (daysToDue !== null && daysToDue <= colors.dueSoonDays ? 'dueSoon' : 'repaying');

/** the tone of an order's status, or null for a status the colours do not cover */
export function orderTone(status: number, daysToDue: number | null, colors: RepayColors): Tone | null {
  if (status === OrderStatus.Overdued) return 'overdue';
  if (status === OrderStatus.Finish) return 'finished';
  if (status === OrderStatus.Repaying) return dueTone(daysToDue, colors);
  return null;
}

/** a tone's colour, for the kit's badge */
export const serverColour = (tone: Tone, colors: RepayColors) => ({ tone, color: colors[tone] });

/** the tone of one installment of the schedule */
export function installmentTone(status: 'pending' | 'paid' | 'overdue', daysToDue: number, colors: RepayColors): Tone {
  if (status === 'paid') return 'finished';
  if (status === 'overdue') return 'overdue';
  return dueTone(daysToDue, colors);
}
