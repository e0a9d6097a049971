/**
 * A collections contact as typed, checked before it is sent and turned into the API's body
 * (docs/operations-api.md "Collections"): a promise to pay carries its date (and may carry an amount); no other
 * outcome carries either. The date's window (today to 30 days ahead, Pakistan dates) and the contact hours are the
 * API's to judge: its refusal is shown as it comes.
 */
import type { ContactChannel, ContactOutcome, ContactParty } from '../../api/types';
import { parseAmount } from '../proposals/amount';

export interface ContactForm {
  channel: ContactChannel;
  party: ContactParty;
  outcome: ContactOutcome;
  note: string;
  promiseDate: string;
  promiseAmount: string;
}

export interface ContactBody {
  channel: ContactChannel;
  party: ContactParty;
  outcome: ContactOutcome;
  note?: string;
  promiseDate?: string;
  promiseAmount?: number;
}

/** the complaint of each field this side can judge, by the API's field names */
export type ContactProblems = Partial<Record<'promiseDate' | 'promiseAmount' | 'note', 'required' | 'amount' | 'tooLong'>>;

export const NOTE_MAX = 1000;

export function contactBody(f: ContactForm): { body: ContactBody } | { problems: ContactProblems } {
  const problems: ContactProblems = {};
  const note = f.note.trim();
  if (note.length > NOTE_MAX) problems.note = 'tooLong';
  const body: ContactBody = { channel: f.channel, party: f.party, outcome: f.outcome, ...(note && { note }) };
  if (f.outcome === 'promiseToPay') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(f.promiseDate)) problems.promiseDate = 'required';
    else body.promiseDate = f.promiseDate;
    if (f.promiseAmount.trim()) {
      const amount = parseAmount(f.promiseAmount);
      if (amount === null) problems.promiseAmount = 'amount';
      else body.promiseAmount = amount;
    }
  }
  return Object.keys(problems).length ? { problems } : { body };
}
