/**
 * The rails adapter speaking the JazzCash-style protocol (protocol.ts) to RAILS_URL: the sandbox in development
 * and tests, a provider's gateway in production (server/README.md "Money rails": what to set).
 */
import {
  CODES,
  PATHS,
  TXN_TYPES,
  dropHeaders,
  kindOfTxnType,
  msOfStamp,
  paisa,
  pkStamp,
  rupeesOf,
  signed,
  verified,
  type Fields,
  type RailKind,
} from './protocol';
import type { RailAnswer, Rails, TransferOrder } from './index';

export interface JazzcashOptions {
  url: string;
  merchantId: string;
  salt: string;
  timeoutMs: number;
  /** where the provider posts its notices (our callback route) */
  callbackUrl: () => string;
}

/** a result as the fields name it (an answer, an inquiry's payment, a notice) */
function answerOf(f: Fields, code: string | undefined): RailAnswer {
  if (code === CODES.pending) return { state: 'pending' };
  if (code === CODES.notFound) return { state: 'notFound' };
  const providerRef = f.pp_RetreivalReferenceNo || null;
  if (code === CODES.succeeded) {
    const amount = rupeesOf(f.pp_Amount);
    const at = msOfStamp(f.pp_SettledAt);
    if (amount === null || at === null || !providerRef) return { state: 'unknown', reason: 'a success without amount, time or provider reference' };
    return { state: 'succeeded', amount, providerRef, at };
  }
  if (!code) return { state: 'unknown', reason: 'no response code' };
  return { state: 'failed', reason: `${code} ${f.pp_ResponseMessage ?? ''}`.trim(), providerRef };
}

export function jazzcashRails(o: JazzcashOptions): Rails {
  async function post(path: string, fields: Fields): Promise<Fields | { unknown: string }> {
    try {
      const r = await fetch(o.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signed(o.salt, fields)),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
      const f = verified(o.salt, await r.json());
      return f ?? { unknown: `answer ${r.status} unsigned or malformed` };
    } catch (e) {
      return { unknown: (e as Error).name === 'TimeoutError' ? `no answer within ${o.timeoutMs} ms` : (e as Error).message };
    }
  }
  const rail = (kind: RailKind) => ({
    async start(t: TransferOrder): Promise<RailAnswer> {
      const f = await post(PATHS[kind], {
        pp_Version: '2.0',
        pp_TxnType: TXN_TYPES[kind],
        pp_MerchantID: o.merchantId,
        pp_TxnRefNo: t.reference,
        pp_Amount: paisa(t.amount),
        pp_TxnCurrency: 'PKR',
        pp_TxnDateTime: pkStamp(Date.now()),
        pp_BillReference: t.billReference,
        pp_Description: kind === 'disburse' ? 'loan payout' : 'loan repayment',
        pp_MobileNumber: t.msisdn,
        pp_Account: t.account,
        pp_BankCode: t.bankCode ?? '',
        pp_ReturnURL: o.callbackUrl(),
      });
      if ('unknown' in f) return { state: 'unknown', reason: f.unknown };
      if (f.pp_TxnRefNo !== t.reference) return { state: 'unknown', reason: `an answer for ${f.pp_TxnRefNo}` };
      return answerOf(f, f.pp_ResponseCode);
    },
    async inquire(reference: string): Promise<RailAnswer> {
      const f = await post(PATHS.inquire, { pp_Version: '2.0', pp_TxnType: TXN_TYPES[kind], pp_MerchantID: o.merchantId, pp_TxnRefNo: reference });
      if ('unknown' in f) return { state: 'unknown', reason: f.unknown };
      if (f.pp_ResponseCode !== CODES.succeeded) return answerOf(f, f.pp_ResponseCode);
      return answerOf(f, f.pp_PaymentResponseCode);
    },
  });
  async function drop(path: string): Promise<string> {
    const r = await fetch(o.url + path, { headers: dropHeaders(o.salt, o.merchantId, path), signal: AbortSignal.timeout(o.timeoutMs) });
    if (!r.ok) throw new Error(`settlement drop ${path}: ${r.status}`);
    return r.text();
  }
  return {
    disburse: rail('disburse'),
    collect: rail('collect'),
    notice(body) {
      const f = verified(o.salt, body);
      const kind = f && kindOfTxnType(f.pp_TxnType ?? '');
      if (!f || !kind || !f.pp_TxnRefNo || f.pp_MerchantID !== o.merchantId) return null;
      return { kind, reference: f.pp_TxnRefNo, answer: answerOf(f, f.pp_ResponseCode) };
    },
    settlement: {
      files: async () => JSON.parse(await drop(PATHS.settlement)) as string[],
      read: (name) => drop(PATHS.settlement + encodeURIComponent(name)),
    },
  };
}
