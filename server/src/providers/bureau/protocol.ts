/**
 * The credit bureau's monthly submission, modelled on the consumer-credit data file a lender sends the State Bank's
 * eCIB and the licensed private bureaus each month (SBP's Credit Bureau Act 2015 and eCIB's data submission): a
 * header, one record per loan (the borrower's CNIC and name, the account, amounts sanctioned, outstanding and
 * overdue, days past due and its bucket, status, dates), and a trailer with the record count and totals the
 * bureau checks before loading anything. eCIB's layout is given to member institutions only, so the layout below is
 * ours and these were assumed (server/README.md "Credit bureau"): pipe-delimited UTF-8 lines (`H`, `D`, `T`) rather
 * than fixed width; whole rupees; dates yyyymmdd in Pakistan time; status codes A/O/C/W; eCIB's usual days-past-due
 * buckets; the file uploaded over HTTPS, `POST /ecib/v1/submissions`, as text with `X-Member-Code`, `X-File-Ref` and
 * the signature of providers/signing.ts (the real channel is the bureau's portal or SFTP with a member certificate),
 * answered with JSON (signed the same way) listing each rejected record; a file reference sent again is answered
 * with its first answer, never loaded twice.
 * The read side, modelled on the consumer credit report a lender pulls by CNIC before lending (eCIB's and the
 * private bureaus' online inquiry; their formats are members-only too, so assumed): `POST /ecib/v1/inquiries`, JSON
 * `{reference, cnic, purpose}` signed the same way with `X-Member-Code`, answered (signed) with the borrower's
 * outstanding balance across other members' open facilities and their count, or `found: false` (no record: nothing
 * owed); any other answer, an unsigned one or none in time is no answer.
 * Shared by the API's adapter (bureau/ecib.ts) and the sandbox.
 */
import type { BureauRecord, FileTotals, LoanStatus } from '../../domain/bureau';
import { pkDate } from '../../core/time';

/** the sandbox's member code and secret: the development defaults of both sides (refused in production) */
export const SANDBOX_BUREAU_MEMBER = 'LM-SANDBOX';
export const SANDBOX_BUREAU_SECRET = 'dev-only-bureau-secret';

export const BUREAU_PATHS = { submit: '/ecib/v1/submissions', inquiry: '/ecib/v1/inquiries' } as const;

/** an inquiry before lending: a borrower's loans with the other members */
export interface InquiryRequest {
  reference: string;
  cnic: string;
  purpose: 'NEW_LOAN';
}
/** the bureau's answer to an inquiry (the report reduced to what the total-exposure cap reads) */
export interface InquiryAnswer {
  reference: string;
  cnic: string;
  /** false: the bureau holds no record of this CNIC (nothing owed) */
  found: boolean;
  /** whole rupees outstanding on the borrower's open facilities with other members */
  outstanding: number;
  /** how many such facilities */
  facilities: number;
}

export const STATUS_CODES: Record<LoanStatus, string> = { active: 'A', overdue: 'O', closed: 'C', writtenOff: 'W' };
/** the days-past-due buckets: code from its first day (current, 1-29, 30-59, 60-89, 90-179, 180-364, 365 and more) */
export const DPD_BUCKETS: readonly [from: number, code: string][] = [
  [0, '00'],
  [1, '01'],
  [30, '02'],
  [60, '03'],
  [90, '04'],
  [180, '05'],
  [365, '06'],
];
export const bucketOf = (dpd: number) => DPD_BUCKETS.filter(([from]) => dpd >= from).at(-1)![1];

/** the file's reference: one per member and month (a resubmission of the month carries the same) */
export const fileReference = (member: string, period: string) => `${member}-${period.replace('-', '')}`;

/** the fields of each line, in order */
export const HEADER_FIELDS = ['type', 'member', 'reference', 'period', 'asOf', 'createdAt', 'kind', 'version'] as const;
export const RECORD_FIELDS = [
  'type',
  'seq',
  'cnic',
  'name',
  'account',
  'facility',
  'disbursedOn',
  'sanctioned',
  'maturesOn',
  'principal',
  'outstanding',
  'overdue',
  'dpd',
  'bucket',
  'status',
  'closedOn',
  'writtenOff',
] as const;
export const TRAILER_FIELDS = ['type', 'records', 'sanctioned', 'principal', 'outstanding', 'overdue', 'writtenOff'] as const;
/** the sums the trailer carries, in its order */
export const TOTAL_FIELDS = ['sanctioned', 'principal', 'outstanding', 'overdue', 'writtenOff'] as const;

const ymd = (ms: number) => pkDate(ms).replace(/-/g, '');
/** free text as a field: no delimiter, no line break */
const clean = (s: string) => s.replace(/[|\r\n]+/g, ' ').trim();

export interface FileHeader {
  member: string;
  reference: string;
  period: string;
  /** the month's last instant */
  asOf: number;
  createdAt: number;
}

/** the file's text: header, the records in order, trailer */
export function writeFile(h: FileHeader, records: BureauRecord[], totals: FileTotals): string {
  const line = (fields: (string | number)[]) => fields.join('|');
  const lines = [
    line(['H', h.member, h.reference, h.period.replace('-', ''), ymd(h.asOf), ymd(h.createdAt), 'CONSUMER', '1.0']),
    ...records.map((r, i) =>
      line([
        'D',
        i + 1,
        r.cnic,
        clean(r.name),
        r.account,
        'PL',
        ymd(r.disbursedAt),
        r.sanctioned,
        ymd(r.dueAt),
        r.principal,
        r.outstanding,
        r.overdue,
        r.daysPastDue,
        bucketOf(r.daysPastDue),
        STATUS_CODES[r.status],
        r.closedAt === null ? '' : ymd(r.closedAt),
        r.writtenOff,
      ]),
    ),
    line(['T', totals.records, ...TOTAL_FIELDS.map((k) => totals[k])]),
  ];
  return lines.join('\n') + '\n';
}

/** a file's lines split into fields by their type (the sandbox reads a file so); `line` counts from 1 */
export function splitFile(text: string): { type: string; line: number; fields: string[] }[] {
  return text
    .split(/\r?\n/)
    .map((l, i) => ({ line: i + 1, fields: l.split('|') }))
    .filter((l) => l.fields.join('') !== '')
    .map((l) => ({ ...l, type: l.fields[0] }));
}

/** a record the bureau did not load: its line, account, the field at fault, the bureau's code and words */
export interface RecordError {
  line: number;
  account: string;
  field: string;
  code: string;
  message: string;
}
export interface FileError {
  code: string;
  message: string;
}
/** the bureau's answer to a submission: ACCEPTED every record loaded, PARTIAL some rejected, REJECTED nothing loaded (a file error) */
export interface SubmissionAnswer {
  reference: string;
  status: 'ACCEPTED' | 'PARTIAL' | 'REJECTED';
  received: number;
  accepted: number;
  errors: RecordError[];
  fileErrors: FileError[];
  /** this reference was submitted before: its first answer, nothing loaded again */
  repeat: boolean;
}
