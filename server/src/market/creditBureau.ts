/**
 * The credit bureau the total-exposure cap is read through (market profile, issue 29): what a borrower owes other
 * lenders now. The bureau is asked by the CNIC on file (providers/bureau: its inquiry, signed, to BUREAU_URL or the
 * sandbox); the borrower's own declaration on the personal-info form (borrowed elsewhere, how much) counts too, the
 * larger of the two, as a bureau may not know a loan taken this month.
 */
import type { Db } from '../db';
import type { BureauProvider } from '../providers/bureau/ecib';
import { profileOf } from '../repos/profiles';
import { openText } from '../db/atRest';

export interface BureauQuery {
  userId: number;
}

/** rupees owed to lenders other than this marketplace; `unanswered` says why the bureau's figure is missing (no
 * CNIC on file yet, or the bureau refused or did not answer in time): `outstanding` is then the declaration alone */
export interface Exposure {
  outstanding: number;
  unanswered: string | null;
}

export interface CreditBureau {
  outstandingElsewhere(q: BureauQuery): Promise<Exposure>;
}

export function creditBureau(db: Db, provider: Pick<BureauProvider, 'inquire'>): CreditBureau {
  return {
    async outstandingElsewhere(q) {
      const basic = (await profileOf(db, q.userId))?.basic;
      const declared = basic?.previouslyBorrowed === 'yes' ? (basic.previouslyBorrowedAmount ?? 0) : 0;
      // an application comes before the personal-info step: no CNIC to ask by yet (asked again at the review)
      if (!basic?.nationalId) return { outstanding: declared, unanswered: 'no CNIC on file yet' };
      const a = await provider.inquire(openText(basic.nationalId));
      if (a.state === 'unknown') return { outstanding: declared, unanswered: a.reason };
      return { outstanding: Math.max(a.answer.outstanding, declared), unanswered: null };
    },
  };
}
