/**
 * The sandbox as the credit bureau (the protocol of src/providers/bureau/protocol.ts): a monthly file uploaded with
 * a right signature and member code is checked as a bureau checks it and answered. File errors reject the whole file
 * (a header of another member or reference, a trailer whose count or totals are not the records'); each record that
 * fails a check is rejected alone (a CNIC that is not 13 digits starting 1-7, a negative or malformed amount, a bad
 * date, an unknown status, a bucket that is not its days past due, an account twice); the rest are loaded. A
 * reference submitted again is answered with its first answer (`repeat`), never loaded twice; the same reference
 * with another file is refused. It can be told (POST /__sandbox/bureau-cnics) to reject every record of a CNIC, as
 * NADRA's verification would, and (POST /__sandbox/bureau-config {hangNext}) to keep the next uploads' answers
 * past the caller's patience (the file is loaded all the same); GET /__sandbox/bureau lists the submissions.
 * An inquiry by CNIC is answered from what it was told of that CNIC (POST /__sandbox/bureau-inquiries {cnic,
 * outstanding, facilities, fail}): the rupees the borrower owes other members, or a refusal (`fail: 'refuse'`, a
 * signed 503) or an answer kept past the caller's patience (`fail: 'timeout'`); a CNIC it was told nothing of has
 * no record (nothing owed).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import {
  BUREAU_PATHS,
  HEADER_FIELDS,
  RECORD_FIELDS,
  STATUS_CODES,
  TOTAL_FIELDS,
  TRAILER_FIELDS,
  bucketOf,
  splitFile,
  type FileError,
  type InquiryAnswer,
  type RecordError,
  type SubmissionAnswer,
} from '../src/providers/bureau/protocol';
import { signedBy, signedHeaders } from '../src/providers/signing';

export interface BureauConfig {
  memberCode: string;
  secret: string;
}
interface Submission {
  reference: string;
  period: string;
  digest: string;
  receivedAt: number;
  /** uploads of this reference (the first loaded it; the others were answered its answer) */
  uploads: number;
  answer: SubmissionAnswer;
}

const index = <T extends readonly string[]>(fields: T) => Object.fromEntries(fields.map((f, i) => [f, i])) as Record<T[number], number>;
const H = index(HEADER_FIELDS);
const D = index(RECORD_FIELDS);
const T = index(TRAILER_FIELDS);
const STATUSES = Object.values(STATUS_CODES);
const isDate = (s: string) => {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

/** the bureau's checks of one file: its answer (without `repeat`) */
export function checkFile(text: string, member: string, reference: string, rejectCnics: Map<string, string>): Omit<SubmissionAnswer, 'repeat'> {
  const lines = splitFile(text);
  const header = lines[0];
  const trailer = lines.at(-1);
  const records = lines.filter((l) => l.type === 'D');
  const fileErrors: FileError[] = [];
  const answer = (errors: RecordError[]): Omit<SubmissionAnswer, 'repeat'> => {
    const rejected = new Set(errors.map((e) => e.line)).size;
    return {
      reference,
      status: fileErrors.length ? 'REJECTED' : rejected ? 'PARTIAL' : 'ACCEPTED',
      received: records.length,
      accepted: fileErrors.length ? 0 : records.length - rejected,
      errors,
      fileErrors,
    };
  };
  if (header?.type !== 'H' || header.fields.length !== HEADER_FIELDS.length || header.fields[H.member] !== member || header.fields[H.reference] !== reference)
    fileErrors.push({ code: 'F203', message: 'the header is missing or names another member or reference' });
  else if (!/^\d{6}$/.test(header.fields[H.period]) || !isDate(header.fields[H.asOf]))
    fileErrors.push({ code: 'F203', message: 'the header period or as-of date is malformed' });
  if (trailer?.type !== 'T' || trailer.fields.length !== TRAILER_FIELDS.length)
    fileErrors.push({ code: 'F201', message: 'the trailer is missing or malformed' });
  else {
    if (Number(trailer.fields[T.records]) !== records.length)
      fileErrors.push({ code: 'F201', message: `the trailer counts ${trailer.fields[T.records]} records, the file has ${records.length}` });
    for (const k of TOTAL_FIELDS) {
      const sum = records.reduce((s, r) => s + Number(r.fields[D[k]]), 0);
      if (Number(trailer.fields[T[k]]) !== sum)
        fileErrors.push({ code: 'F202', message: `the trailer's ${k} ${trailer.fields[T[k]]} is not the records' ${sum}` });
    }
  }
  if (lines.some((l) => !['H', 'D', 'T'].includes(l.type))) fileErrors.push({ code: 'F204', message: 'a line of unknown type' });
  if (fileErrors.length) return answer([]);

  const errors: RecordError[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    const f = r.fields;
    const account = f[D.account] ?? '';
    const err = (field: string, code: string, message: string) => errors.push({ line: r.line, account, field, code, message });
    if (f.length !== RECORD_FIELDS.length) {
      err('record', 'E100', `${f.length} fields, ${RECORD_FIELDS.length} expected`);
      continue;
    }
    if (!/^[1-7]\d{12}$/.test(f[D.cnic])) err('cnic', 'E101', 'CNIC must be 13 digits, the first a province code 1-7');
    else if (rejectCnics.has(f[D.cnic])) err('cnic', 'E110', rejectCnics.get(f[D.cnic])!);
    if (!f[D.name].trim()) err('name', 'E107', 'the name is empty');
    if (!account) err('account', 'E107', 'the account number is empty');
    else if (seen.has(account)) err('account', 'E106', 'the account is reported twice');
    seen.add(account);
    for (const k of [...TOTAL_FIELDS, 'dpd'] as const) {
      if (!/^-?\d+$/.test(f[D[k]])) err(k, 'E102', 'not a whole number');
      else if (Number(f[D[k]]) < 0) err(k, 'E102', 'a negative amount');
    }
    for (const k of ['disbursedOn', 'maturesOn'] as const) if (!isDate(f[D[k]])) err(k, 'E103', 'not a date (yyyymmdd)');
    const status = f[D.status];
    if (!STATUSES.includes(status)) err('status', 'E104', `unknown status ${status}`);
    const closing = status === STATUS_CODES.closed || status === STATUS_CODES.writtenOff;
    if (closing ? !isDate(f[D.closedOn]) : f[D.closedOn] !== '')
      err('closedOn', 'E103', closing ? 'a closed account needs its closing date' : 'an open account has no closing date');
    if (/^\d+$/.test(f[D.dpd]) && f[D.bucket] !== bucketOf(Number(f[D.dpd])))
      err('bucket', 'E105', `bucket ${f[D.bucket]} is not that of ${f[D.dpd]} days past due`);
  }
  return answer(errors);
}

export function bureauSandbox(dataDir: string, cfg: BureauConfig, later: (ms: number, fn: () => void) => void, hangMs: () => number) {
  const dir = path.join(dataDir, 'bureau');
  fs.mkdirSync(dir, { recursive: true });
  const logFile = path.join(dir, 'submissions.jsonl');
  const submissions = new Map<string, Submission>();
  if (fs.existsSync(logFile))
    for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) if (line.trim()) submissions.set(JSON.parse(line).reference, JSON.parse(line));
  const save = (s: Submission) => fs.appendFileSync(logFile, JSON.stringify(s) + '\n');
  const rejectCnics = new Map<string, string>();
  let hangNext = 0;
  /** what the bureau was told of each CNIC's loans with other members, and how to fail its inquiries */
  const reports = new Map<string, { outstanding: number; facilities: number; fail: 'refuse' | 'timeout' | null }>();

  const signedAnswer = (status: number, a: object) => {
    const body = JSON.stringify(a);
    return { status, body, headers: signedHeaders(cfg.secret, body) };
  };

  /** an upload: its HTTP status and answer, signed (the answer comes after `hangMs` when told to hang) */
  async function submit(raw: string, h: http.IncomingHttpHeaders): Promise<{ status: number; body: string; headers: Record<string, string> }> {
    const reference = typeof h['x-file-ref'] === 'string' ? h['x-file-ref'] : '';
    const refused = (status: number, code: string, message: string) =>
      signedAnswer(status, { reference, status: 'REJECTED', received: 0, accepted: 0, errors: [], fileErrors: [{ code, message }], repeat: false });
    if (!signedBy(cfg.secret, raw, h)) return refused(401, 'F200', 'invalid signature');
    if (h['x-member-code'] !== cfg.memberCode) return refused(403, 'F200', 'unknown member');
    if (!reference) return refused(400, 'F203', 'no file reference');
    const digest = crypto.createHash('sha256').update(raw).digest('hex');
    let s = submissions.get(reference);
    if (s && s.digest !== digest) return refused(409, 'F205', 'this reference was submitted with another file');
    if (s) {
      s.uploads++;
      save(s);
    } else {
      s = {
        reference,
        period: '',
        digest,
        receivedAt: Date.now(),
        uploads: 1,
        answer: { ...checkFile(raw, cfg.memberCode, reference, rejectCnics), repeat: false },
      };
      s.period = splitFile(raw)[0]?.fields[H.period] ?? '';
      submissions.set(reference, s);
      fs.writeFileSync(path.join(dir, `${reference.replace(/[^\w-]/g, '_')}.txt`), raw);
      save(s);
    }
    const out = signedAnswer(200, { ...s.answer, repeat: s.uploads > 1 });
    if (hangNext > 0) {
      hangNext--;
      await new Promise<void>((r) => later(hangMs(), r));
    }
    return out;
  }

  /** an inquiry: the report of its CNIC, signed (or refused, or late, as told) */
  async function inquire(raw: string, h: http.IncomingHttpHeaders): Promise<{ status: number; body: string; headers: Record<string, string> }> {
    if (!signedBy(cfg.secret, raw, h)) return signedAnswer(401, { error: 'F200', message: 'invalid signature' });
    if (h['x-member-code'] !== cfg.memberCode) return signedAnswer(403, { error: 'F200', message: 'unknown member' });
    const q = JSON.parse(raw) as { reference?: unknown; cnic?: unknown };
    if (typeof q.reference !== 'string' || typeof q.cnic !== 'string' || !/^[1-7]\d{12}$/.test(q.cnic))
      return signedAnswer(400, { error: 'E101', message: 'a reference and a CNIC of 13 digits, the first a province code 1-7' });
    const told = reports.get(q.cnic);
    if (told?.fail === 'refuse') return signedAnswer(503, { error: 'S503', message: 'inquiry service unavailable' });
    if (told?.fail === 'timeout') await new Promise<void>((r) => later(hangMs(), r));
    const answer: InquiryAnswer = {
      reference: q.reference,
      cnic: q.cnic,
      found: !!told,
      outstanding: told?.outstanding ?? 0,
      facilities: told?.facilities ?? 0,
    };
    return signedAnswer(200, answer);
  }

  return {
    handles: (pathname: string) => pathname === BUREAU_PATHS.submit || pathname === BUREAU_PATHS.inquiry,
    /** a request to the bureau: an upload or an inquiry */
    answer: (pathname: string, raw: string, h: http.IncomingHttpHeaders) => (pathname === BUREAU_PATHS.inquiry ? inquire(raw, h) : submit(raw, h)),
    /** GET /__sandbox/bureau: the submissions, their answers and how many times each was uploaded */
    list: () => [...submissions.values()],
    control(route: string, b: Record<string, unknown>): unknown {
      if (route === 'bureau-cnics') {
        const cnic = typeof b.cnic === 'string' ? b.cnic : '';
        if (!cnic) return { ok: false, error: 'cnic required' };
        rejectCnics.set(cnic, typeof b.message === 'string' && b.message ? b.message : 'CNIC not verified with NADRA');
        return { ok: true, cnic };
      }
      if (route === 'bureau-inquiries') {
        const cnic = typeof b.cnic === 'string' ? b.cnic : '';
        const whole = (v: unknown) => (v === undefined ? 0 : Number.isInteger(v) && (v as number) >= 0 ? (v as number) : null);
        const outstanding = whole(b.outstanding);
        const facilities = whole(b.facilities ?? (outstanding ? 1 : 0));
        const fail = b.fail === 'refuse' || b.fail === 'timeout' ? b.fail : null;
        if (!cnic || outstanding === null || facilities === null || (b.fail != null && !fail))
          return { ok: false, error: "cnic required; outstanding and facilities whole numbers; fail 'refuse', 'timeout' or null" };
        reports.set(cnic, { outstanding, facilities, fail });
        return { ok: true, cnic, ...reports.get(cnic) };
      }
      if (route === 'bureau-config') {
        if (typeof b.hangNext === 'number' && b.hangNext >= 0) hangNext = b.hangNext;
        return { ok: true, hangNext };
      }
      return null;
    },
    reset() {
      rejectCnics.clear();
      reports.clear();
      hangNext = 0;
    },
  };
}
