/**
 * The credit bureau's submission side behind an interface, and its adapter speaking the eCIB-style protocol
 * (protocol.ts) to BUREAU_URL: the sandbox in development and tests, the bureau in production (server/README.md
 * "Credit bureau": what to set). The read side, what a borrower owes elsewhere, is `CreditBureau` (market/creditBureau.ts).
 */
import { BUREAU_PATHS, type SubmissionAnswer } from './protocol';
import { signedBy, signedHeaders } from '../signing';

/** the bureau's answer, or `unknown`: no answer in time, or one that could not be read (the file may or may not have been loaded) */
export type SubmitOutcome = { state: 'answered'; answer: SubmissionAnswer } | { state: 'unknown'; reason: string };

export interface BureauReporting {
  /** uploads a month's file under its reference */
  submit(file: { reference: string; text: string }): Promise<SubmitOutcome>;
}

export interface EcibOptions {
  url: string;
  memberCode: string;
  secret: string;
  timeoutMs: number;
}

const STATUSES = ['ACCEPTED', 'PARTIAL', 'REJECTED'];

export function ecibReporting(o: EcibOptions): BureauReporting {
  return {
    async submit({ reference, text }) {
      try {
        const r = await fetch(o.url + BUREAU_PATHS.submit, {
          method: 'POST',
          headers: { ...signedHeaders(o.secret, text, Date.now(), 'text/plain; charset=utf-8'), 'x-member-code': o.memberCode, 'x-file-ref': reference },
          body: text,
          signal: AbortSignal.timeout(o.timeoutMs),
        });
        const raw = await r.text();
        const headers = { 'x-timestamp': r.headers.get('x-timestamp') ?? undefined, 'x-signature': r.headers.get('x-signature') ?? undefined };
        if (!signedBy(o.secret, raw, headers)) return { state: 'unknown', reason: `answer ${r.status} not signed by the bureau` };
        const a = JSON.parse(raw) as Partial<SubmissionAnswer>;
        if (a.reference !== reference || !STATUSES.includes(a.status ?? '') || !Array.isArray(a.errors) || !Array.isArray(a.fileErrors))
          return { state: 'unknown', reason: `answer ${r.status} unreadable for ${reference}` };
        return { state: 'answered', answer: a as SubmissionAnswer };
      } catch (e) {
        return { state: 'unknown', reason: (e as Error).name === 'TimeoutError' ? `no answer within ${o.timeoutMs} ms` : (e as Error).message };
      }
    },
  };
}
