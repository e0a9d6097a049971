/**
 * The credit bureau behind one interface, and its adapter speaking the eCIB-style protocol (protocol.ts) to
 * BUREAU_URL: the sandbox in development and tests, the bureau in production (server/README.md "Credit bureau":
 * what to set). Both sides: the monthly file (submit) and the inquiry before lending (inquire), which the
 * exposure cap reads through `CreditBureau` (market/creditBureau.ts).
 */
import crypto from 'node:crypto';
import { BUREAU_PATHS, type InquiryAnswer, type SubmissionAnswer } from './protocol';
import { signedBy, signedHeaders } from '../signing';

/** the bureau's answer, or `unknown`: no answer in time, or one that could not be read (the file may or may not have been loaded) */
export type SubmitOutcome = { state: 'answered'; answer: SubmissionAnswer } | { state: 'unknown'; reason: string };
/** the bureau's report of a CNIC, or `unknown`: refused, unreadable or not in time */
export type InquiryOutcome = { state: 'answered'; answer: InquiryAnswer } | { state: 'unknown'; reason: string };

export interface BureauProvider {
  /** uploads a month's file under its reference */
  submit(file: { reference: string; text: string }): Promise<SubmitOutcome>;
  /** what the borrower of this CNIC owes the bureau's other members */
  inquire(cnic: string): Promise<InquiryOutcome>;
}

export interface EcibOptions {
  url: string;
  memberCode: string;
  secret: string;
  /** longest wait for a file's answer */
  timeoutMs: number;
  /** longest wait for an inquiry's answer (a borrower is waiting) */
  inquiryTimeoutMs: number;
}

const STATUSES = ['ACCEPTED', 'PARTIAL', 'REJECTED'];
type Unknown = { state: 'unknown'; reason: string };

export function ecibBureau(o: EcibOptions): BureauProvider {
  /** a signed request and the bureau's signed answer, parsed; unknown when unsigned, unreadable, refused or late */
  async function post(
    path: string,
    body: string,
    type: string,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<{ status: number; json: unknown } | Unknown> {
    try {
      const r = await fetch(o.url + path, {
        method: 'POST',
        headers: { ...signedHeaders(o.secret, body, Date.now(), type), 'x-member-code': o.memberCode, ...headers },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const raw = await r.text();
      const got = { 'x-timestamp': r.headers.get('x-timestamp') ?? undefined, 'x-signature': r.headers.get('x-signature') ?? undefined };
      if (!signedBy(o.secret, raw, got)) return { state: 'unknown', reason: `answer ${r.status} not signed by the bureau` };
      return { status: r.status, json: JSON.parse(raw) };
    } catch (e) {
      return { state: 'unknown', reason: (e as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e as Error).message };
    }
  }

  return {
    async submit({ reference, text }) {
      const r = await post(BUREAU_PATHS.submit, text, 'text/plain; charset=utf-8', { 'x-file-ref': reference }, o.timeoutMs);
      if ('state' in r) return r;
      const a = r.json as Partial<SubmissionAnswer>;
      if (a.reference !== reference || !STATUSES.includes(a.status ?? '') || !Array.isArray(a.errors) || !Array.isArray(a.fileErrors))
        return { state: 'unknown', reason: `answer ${r.status} unreadable for ${reference}` };
      return { state: 'answered', answer: a as SubmissionAnswer };
    },
    async inquire(cnic) {
      const reference = `INQ-${crypto.randomUUID()}`;
      const r = await post(BUREAU_PATHS.inquiry, JSON.stringify({ reference, cnic, purpose: 'NEW_LOAN' }), 'application/json', {}, o.inquiryTimeoutMs);
      if ('state' in r) return r;
      const a = r.json as Partial<InquiryAnswer>;
      const whole = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
      if (r.status !== 200 || a.reference !== reference || a.cnic !== cnic || typeof a.found !== 'boolean' || !whole(a.outstanding) || !whole(a.facilities))
        return { state: 'unknown', reason: `inquiry answered ${r.status} ${JSON.stringify(a).slice(0, 200)}` };
      return { state: 'answered', answer: a as InquiryAnswer };
    },
  };
}
