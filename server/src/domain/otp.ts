/** One-time codes: what a code is for, and whose budgets it spends. */
import C from '../api/contract';

/**
 * Codes asked for to log in or to register are one kind: asking for one answers the same whether
 * the number is registered or not, so the answer cannot be used to enumerate borrowers. Whether the
 * number is registered is said only once its code is verified (login / register), and that code
 * stays good for the other call.
 */
export const purposeOf = (type: string) => (type === 'login' || type === 'register' ? 'auth' : type);

/**
 * Whose budgets a code request spends (otpBudgets.ts): `auth`, login/register asked by anyone for any
 * number; `own`, a signed-in borrower's codes to their registered number (money step-up, account
 * changes); `named`, a signed-in borrower's codes to a number they name (a wallet's, a new phone's).
 */
export type SendClass = 'auth' | 'own' | 'named';
export const sendClassOf = (type: string): SendClass => (purposeOf(type) === 'auth' ? 'auth' : C.REGISTERED_NUMBER_PURPOSES.includes(type) ? 'own' : 'named');
/** the stored purposes of a class's codes */
export const purposesOf = (cls: SendClass): string[] => [...new Set(C.OTP_PURPOSES.filter((t) => sendClassOf(t) === cls).map(purposeOf))];
