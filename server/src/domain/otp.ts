/** One-time codes: what a code is for. */

/**
 * Codes asked for to log in or to register are one kind: asking for one answers the same whether
 * the number is registered or not, so the answer cannot be used to enumerate borrowers. Whether the
 * number is registered is said only once its code is verified (login / register), and that code
 * stays good for the other call.
 */
export const purposeOf = (type: string) => (type === 'login' || type === 'register' ? 'auth' : type);
