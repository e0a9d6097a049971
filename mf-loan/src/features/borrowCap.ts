/** The most this visitor or borrower can borrow now: their credit limit, or the first-loan cap before they log in. */
export const borrowCap = (m: { loggedIn: boolean; creditLimit: number; config: { firstLoanCap: number } }): number =>
  m.loggedIn ? m.creditLimit : m.config.firstLoanCap;
