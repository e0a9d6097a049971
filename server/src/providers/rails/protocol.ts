/**
 * The wallet rail's wire protocol, modelled on JazzCash's Mobile Account (MWALLET) REST API v2 as its merchant
 * documentation describes it: JSON bodies of `pp_` fields, amounts in paisa, times as yyyyMMddHHmmss in Pakistan
 * time, and `pp_SecureHash`, an HMAC-SHA256 keyed by the merchant's integrity salt over the salt and the non-empty
 * `pp_` values in the order of their names, joined by `&`. A transaction is answered `pending` (157) and its result
 * notified later (IPN, a signed POST to the merchant); a status inquiry reads it. What JazzCash does not publish for
 * our use, and was assumed (server/README.md "Money rails"): the disbursement call speaks the same fields and hash
 * as a purchase (`pp_TxnType` MWDISB, `pp_Account` and `pp_BankCode` for the receiving account), an inquiry of an
 * unknown reference answers 404, the IPN goes to the `pp_ReturnURL` of the request, and the settlement file is a
 * CSV drop read over HTTPS with signed headers (the real one is an SFTP drop or the merchant portal's report).
 * Shared by the API's adapter (rails/jazzcash.ts) and the sandbox (server/sandbox/), which plays the provider.
 */
import crypto from 'node:crypto';
import { PKT_OFFSET_MS } from '../../core/time';

export type Fields = Record<string, string>;

/** the sandbox's merchant and integrity salt: the development defaults of both sides (refused in production) */
export const SANDBOX_MERCHANT = 'MC-SANDBOX';
export const SANDBOX_SALT = 'dev-only-rails-salt';

export const PATHS = {
  collect: '/ApplicationAPI/API/2.0/Purchase/DoMWalletTransaction',
  disburse: '/ApplicationAPI/API/2.0/Disbursement/DoMWalletTransfer',
  inquire: '/ApplicationAPI/API/PaymentInquiry/Inquire',
  settlement: '/Settlement/',
} as const;

export const TXN_TYPES = { collect: 'MWALLET', disburse: 'MWDISB' } as const;
export type RailKind = keyof typeof TXN_TYPES;
export const kindOfTxnType = (t: string): RailKind | null => (t === TXN_TYPES.collect ? 'collect' : t === TXN_TYPES.disburse ? 'disburse' : null);

/** response codes: 000 done, 157 pending (JazzCash's); 404 unknown reference and 110 bad hash (assumed); any other: failed */
export const CODES = { succeeded: '000', pending: '157', notFound: '404', badHash: '110', declined: '999' } as const;

/** pp_SecureHash of `f` */
export function secureHash(salt: string, f: Fields): string {
  const values = Object.keys(f)
    .filter((k) => k.startsWith('pp_') && k !== 'pp_SecureHash' && f[k] !== '')
    .sort()
    .map((k) => f[k]);
  return crypto
    .createHmac('sha256', salt)
    .update([salt, ...values].join('&'))
    .digest('hex')
    .toUpperCase();
}

export const signed = (salt: string, f: Fields): Fields => ({ ...f, pp_SecureHash: secureHash(salt, f) });

const sameText = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** the fields of a body whose every value is text and whose hash is right, else null */
export function verified(salt: string, body: unknown): Fields | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const f = body as Record<string, unknown>;
  if (!Object.values(f).every((v) => typeof v === 'string')) return null;
  const hash = f.pp_SecureHash as string | undefined;
  return hash && sameText(hash, secureHash(salt, f as Fields)) ? (f as Fields) : null;
}

/** whole rupees as paisa text, and back (null: not a whole, positive number of rupees) */
export const paisa = (rupees: number) => String(rupees * 100);
export function rupeesOf(p: string | undefined): number | null {
  if (!p || !/^[1-9]\d*00$/.test(p)) return null;
  return Number(p) / 100;
}

/** ms -> yyyyMMddHHmmss in Pakistan time, and back */
export const pkStamp = (ms: number) => new Date(ms + PKT_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
export function msOfStamp(s: string | undefined): number | null {
  const m = s && /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - PKT_OFFSET_MS;
}

/** headers that sign a plain GET of the settlement drop: the merchant, the time, an HMAC of method, path and time */
export function dropHeaders(salt: string, merchantId: string, path: string, now = Date.now()): Record<string, string> {
  const t = String(now);
  return { 'x-pp-merchant': merchantId, 'x-pp-timestamp': t, 'x-pp-signature': dropSignature(salt, path, t) };
}
export const dropSignature = (salt: string, path: string, t: string) => crypto.createHmac('sha256', salt).update(`GET&${path}&${t}`).digest('hex');
export function dropSigned(salt: string, path: string, h: Record<string, string | string[] | undefined>, now = Date.now(), windowMs = 300_000): boolean {
  const t = h['x-pp-timestamp'];
  const s = h['x-pp-signature'];
  if (typeof t !== 'string' || typeof s !== 'string' || Math.abs(now - Number(t)) > windowMs) return false;
  return sameText(s, dropSignature(salt, path, t));
}

/** The settlement file: one line per transaction done since the last cut-off, amounts in rupees with two decimals. */
export const SETTLEMENT_HEADER = 'TxnRefNo,TxnType,Amount,Currency,Status,SettledAt,RetrievalRefNo';
export interface SettlementLine {
  reference: string;
  kind: RailKind;
  amount: number;
  settledAt: number;
  providerRef: string;
}
export const settlementRow = (l: SettlementLine) =>
  [l.reference, TXN_TYPES[l.kind], `${l.amount}.00`, 'PKR', 'SUCCESS', pkStamp(l.settledAt), l.providerRef].join(',');

/** the lines of a settlement file; a line that cannot be read is returned as text in `unreadable` */
export function parseSettlement(csv: string): { lines: SettlementLine[]; unreadable: string[] } {
  const lines: SettlementLine[] = [];
  const unreadable: string[] = [];
  for (const row of csv.split(/\r?\n/).slice(1)) {
    if (!row.trim()) continue;
    const [reference, type, amount, currency, status, at, providerRef] = row.split(',');
    const kind = kindOfTxnType(type ?? '');
    const rupees = /^\d+\.\d{2}$/.test(amount ?? '') ? Math.round(Number(amount) * 100) / 100 : NaN;
    const settledAt = msOfStamp(at);
    if (!reference || !kind || !Number.isInteger(rupees) || currency !== 'PKR' || status !== 'SUCCESS' || settledAt === null || !providerRef)
      unreadable.push(row);
    else lines.push({ reference, kind, amount: rupees, settledAt, providerRef });
  }
  return { lines, unreadable };
}
