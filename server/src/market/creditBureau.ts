/**
 * The credit bureau the total-exposure cap is read through (market profile, issue 29): what a borrower
 * owes other lenders now. A real bureau (a CIB query by CNIC) implements `CreditBureau`; until one is
 * contracted, `stubBureau` answers from configuration (CREDIT_BUREAU_STUB, by mobile number) and from
 * what the borrower declared on the personal-info form (borrowed elsewhere, how much), the larger of the two.
 */
import type { Db } from '../db';
import C from '../api/contract';
import { profileOf } from '../repos/profiles';

const { normalizeMobile } = C;

export interface BureauQuery {
  userId: number;
  mobile: string;
}

export interface CreditBureau {
  /** rupees the borrower owes lenders other than this marketplace */
  outstandingElsewhere(q: BureauQuery): Promise<number>;
}

export function stubBureau(db: Db, configuredByMobile: Record<string, number>): CreditBureau {
  // the numbers as the users table keeps them (0300..., +92300... and 300... are one number)
  const configured = Object.fromEntries(Object.entries(configuredByMobile).map(([k, v]) => [normalizeMobile(k), v]));
  return {
    async outstandingElsewhere(q) {
      const basic = (await profileOf(db, q.userId))?.basic;
      const declared = basic?.previouslyBorrowed === 'yes' ? (basic.previouslyBorrowedAmount ?? 0) : 0;
      return Math.max(configured[q.mobile] ?? 0, declared);
    },
  };
}
