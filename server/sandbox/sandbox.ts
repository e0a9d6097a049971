/**
 * The rails sandbox: a process of its own that plays the wallet and bank provider the API talks to (the protocol
 * of src/providers/rails/protocol.ts), with its own port and data folder. It answers a transfer `pending` and
 * notifies the result later with a signed callback; a status inquiry reads it; at each cut-off (midnight in
 * Pakistan, or when asked) it writes the settlement file of the transfers done since the last one.
 * It can be told, per account (a wallet number, an IBAN or the borrower's mobile) or for every transfer, to
 * decline, hold a transfer until told otherwise, time out, notify twice, notify out of order, lose the notice,
 * or notify late (server/README.md "Money rails": the control routes and settings). It plays the SMS gateway
 * (smsGateway.ts; server/README.md "SMS") and the credit bureau (bureau.ts; server/README.md "Credit bureau") too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  CODES,
  PATHS,
  SANDBOX_MERCHANT,
  SANDBOX_SALT,
  SETTLEMENT_HEADER,
  TXN_TYPES,
  dropSigned,
  kindOfTxnType,
  paisa,
  pkStamp,
  rupeesOf,
  settlementRow,
  signed,
  verified,
  type Fields,
  type RailKind,
} from '../src/providers/rails/protocol';
import { SANDBOX_SMS_KEY, SANDBOX_SMS_SECRET } from '../src/providers/sms/protocol';
import { SANDBOX_BUREAU_MEMBER, SANDBOX_BUREAU_SECRET } from '../src/providers/bureau/protocol';
import { smsSandbox, type SmsConfig } from './smsGateway';
import { bureauSandbox, type BureauConfig } from './bureau';

/** what happens to one transfer: its result, and how its notice goes wrong */
export type Outcome = 'ok' | 'fail' | 'hold';
export interface Faults {
  /** the answer to the start comes after `hangMs` (the caller has given up): the transfer goes on */
  timeout?: boolean;
  /** no notice: only an inquiry finds the result */
  lose?: boolean;
  /** the notice twice */
  duplicate?: boolean;
  /** a stale `pending` notice after the result */
  reorder?: boolean;
}
export type FaultRates = { [K in keyof Faults]?: number };
export interface SandboxConfig {
  merchantId: string;
  salt: string;
  /** each transfer's result comes this long after its start, drawn between the two (0: notified before the start is answered) */
  delayMs: [number, number];
  /** how long a `timeout` keeps the start waiting */
  hangMs: number;
  /** the share of transfers declined without a rule of their account */
  failRate: { disburse: number; collect: number };
  /** the share of transfers each fault happens to, without a rule of their account */
  faults: FaultRates;
  /** the SMS gateway it plays too (smsGateway.ts) */
  sms: SmsConfig;
  /** the credit bureau it plays too (bureau.ts) */
  bureau: BureauConfig;
}
export interface AccountRule {
  disburse?: Outcome;
  collect?: Outcome;
  faults?: Faults;
}

interface Txn {
  reference: string;
  kind: RailKind;
  amount: number;
  msisdn: string;
  account: string;
  returnUrl: string;
  state: 'pending' | 'succeeded' | 'failed';
  outcome: Outcome;
  faults: Faults;
  startedAt: number;
  dueAt: number | null;
  settledAt: number | null;
  providerRef: string;
}

export const defaultConfig = (): SandboxConfig => ({
  merchantId: SANDBOX_MERCHANT,
  salt: SANDBOX_SALT,
  delayMs: [0, 0],
  hangMs: 15_000,
  failRate: { disburse: 0, collect: 0 },
  faults: {},
  sms: { apiKey: SANDBOX_SMS_KEY, secret: SANDBOX_SMS_SECRET, reportDelayMs: 0 },
  bureau: { memberCode: SANDBOX_BUREAU_MEMBER, secret: SANDBOX_BUREAU_SECRET },
});

/** one-off changes to the next settlement file, for reconciliation tests: a line left out, an amount changed, a line of no transfer */
type FileFault = { kind: 'omit'; reference: string } | { kind: 'amount'; reference: string; amount: number } | { kind: 'extra'; amount: number };

export interface Sandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

const isOutcome = (v: unknown): v is Outcome => v === 'ok' || v === 'fail' || v === 'hold';

export async function startSandbox(opts: { port: number; host?: string; dataDir: string; config?: Partial<SandboxConfig> }): Promise<Sandbox> {
  const cfg: SandboxConfig = { ...defaultConfig(), ...opts.config };
  const dir = opts.dataDir;
  const filesDir = path.join(dir, 'settlement');
  fs.mkdirSync(filesDir, { recursive: true });
  const logFile = path.join(dir, 'transactions.jsonl');
  const cutoffFile = path.join(dir, 'cutoff.json');

  // the transfers: replayed from the log (each change appended), so a restart keeps them
  const txns = new Map<string, Txn>();
  if (fs.existsSync(logFile))
    for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) if (line.trim()) txns.set(JSON.parse(line).reference, JSON.parse(line));
  const save = (t: Txn) => fs.appendFileSync(logFile, JSON.stringify(t) + '\n');
  let cutoff: { at: number; seq: number } = fs.existsSync(cutoffFile) ? JSON.parse(fs.readFileSync(cutoffFile, 'utf8')) : { at: 0, seq: 0 };
  const rules = new Map<string, AccountRule>();
  let fileFaults: FileFault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const sms = smsSandbox(dir, cfg.sms, later);
  const bureau = bureauSandbox(dir, cfg.bureau, later, () => cfg.hangMs);

  const draw = (p: number | undefined) => Math.random() < (p ?? 0);
  /** the outcome for this account and kind: its rule (consumed, but a hold), else the configured rates */
  function decide(kind: RailKind, accounts: string[]): { outcome: Outcome; faults: Faults } {
    for (const a of accounts) {
      const r = rules.get(a);
      const outcome = r?.[kind];
      if (!r || !outcome) continue;
      if (outcome !== 'hold') delete r[kind];
      return { outcome, faults: r.faults ?? {} };
    }
    const faults = Object.fromEntries(Object.entries(cfg.faults).map(([k, p]) => [k, draw(p)])) as Faults;
    const rule = accounts.map((a) => rules.get(a)?.faults).find(Boolean);
    return { outcome: draw(cfg.failRate[kind]) ? 'fail' : 'ok', faults: rule ?? faults };
  }

  const resultFields = (t: Txn, code: string): Fields => ({
    pp_TxnType: TXN_TYPES[t.kind],
    pp_MerchantID: cfg.merchantId,
    pp_TxnRefNo: t.reference,
    pp_Amount: paisa(t.amount),
    pp_ResponseCode: code,
    pp_ResponseMessage:
      code === CODES.succeeded ? 'Thank you for using JazzCash' : code === CODES.pending ? 'Transaction is pending' : 'Declined by the account',
    pp_RetreivalReferenceNo: t.providerRef,
    pp_SettledAt: t.settledAt ? pkStamp(t.settledAt) : '',
  });
  const codeOf = (t: Txn) => (t.state === 'succeeded' ? CODES.succeeded : t.state === 'failed' ? CODES.declined : CODES.pending);

  async function notify(t: Txn, code: string) {
    try {
      await fetch(t.returnUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signed(cfg.salt, resultFields(t, code))),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      // delivered once: a notice the merchant did not take is found by its inquiry
    }
  }

  /** the transfer's result decided: kept, then notified as its faults say */
  async function settle(t: Txn, outcome: Exclude<Outcome, 'hold'>) {
    if (t.state !== 'pending') return;
    t.state = outcome === 'ok' ? 'succeeded' : 'failed';
    t.settledAt = Date.now();
    t.dueAt = null;
    save(t);
    if (t.faults.lose) return;
    await notify(t, codeOf(t));
    if (t.faults.duplicate) await notify(t, codeOf(t));
    if (t.faults.reorder) await notify(t, CODES.pending);
  }

  function schedule(t: Txn) {
    if (t.outcome === 'hold' || t.dueAt === null) return;
    const outcome = t.outcome;
    later(Math.max(0, t.dueAt - Date.now()), () => void settle(t, outcome));
  }
  // transfers due while the sandbox was down are settled now
  for (const t of txns.values()) if (t.state === 'pending') schedule(t);

  async function start(kind: RailKind, f: Fields): Promise<Fields> {
    const amount = rupeesOf(f.pp_Amount);
    if (!f.pp_TxnRefNo || amount === null || !f.pp_ReturnURL || !f.pp_MobileNumber)
      return { pp_ResponseCode: '101', pp_ResponseMessage: 'missing or malformed field', pp_TxnRefNo: f.pp_TxnRefNo ?? '' };
    const known = txns.get(f.pp_TxnRefNo);
    if (known) return resultFields(known, codeOf(known)); // the same reference again: its state, never a second transfer
    const { outcome, faults } = decide(kind, [f.pp_Account, f.pp_MobileNumber].filter(Boolean));
    const [lo, hi] = cfg.delayMs;
    const delay = lo + Math.floor(Math.random() * (hi - lo + 1));
    const t: Txn = {
      reference: f.pp_TxnRefNo,
      kind,
      amount,
      msisdn: f.pp_MobileNumber,
      account: f.pp_Account || f.pp_MobileNumber,
      returnUrl: f.pp_ReturnURL,
      state: 'pending',
      outcome,
      faults,
      startedAt: Date.now(),
      dueAt: outcome === 'hold' ? null : Date.now() + delay,
      settledAt: null,
      providerRef: crypto.randomBytes(6).toString('hex').toUpperCase(),
    };
    txns.set(t.reference, t);
    save(t);
    // no delay: the result is notified before the start is answered (the merchant sees the notice first)
    if (outcome !== 'hold' && delay === 0) await settle(t, outcome);
    else schedule(t);
    if (faults.timeout) await new Promise<void>((r) => later(cfg.hangMs, r));
    return resultFields(t, CODES.pending);
  }

  function inquire(f: Fields): Fields {
    const t = f.pp_TxnRefNo ? txns.get(f.pp_TxnRefNo) : undefined;
    if (!t) return { pp_ResponseCode: CODES.notFound, pp_ResponseMessage: 'no transaction of that reference', pp_TxnRefNo: f.pp_TxnRefNo ?? '' };
    return { ...resultFields(t, CODES.succeeded), pp_PaymentResponseCode: codeOf(t) };
  }

  /** writes the settlement file of the transfers done since the last cut-off; its name */
  function cutOff(now = Date.now()): string {
    const done = [...txns.values()].filter((t) => t.state === 'succeeded' && t.settledAt! > cutoff.at && t.settledAt! <= now);
    const lines: string[] = [];
    for (const t of done.sort((a, b) => a.settledAt! - b.settledAt!)) {
      const fault = fileFaults.find((x) => 'reference' in x && x.reference === t.reference);
      if (fault?.kind === 'omit') continue;
      lines.push(settlementRow({ ...t, settledAt: t.settledAt!, amount: fault?.kind === 'amount' ? fault.amount : t.amount }));
    }
    for (const x of fileFaults)
      if (x.kind === 'extra')
        lines.push(
          settlementRow({
            reference: `XT${crypto.randomBytes(6).toString('hex').toUpperCase()}`,
            kind: 'collect',
            amount: x.amount,
            settledAt: now,
            providerRef: 'UNMATCHED',
          }),
        );
    fileFaults = [];
    cutoff = { at: now, seq: cutoff.seq + 1 };
    const name = `settlement-${pkStamp(now)}-${String(cutoff.seq).padStart(4, '0')}.csv`;
    fs.writeFileSync(path.join(filesDir, name), [SETTLEMENT_HEADER, ...lines].join('\n') + '\n');
    fs.writeFileSync(cutoffFile, JSON.stringify(cutoff));
    return name;
  }
  // the daily cut-off at midnight, Pakistan time
  const day = (ms: number) => pkStamp(ms).slice(0, 8);
  const daily = setInterval(() => {
    if (cutoff.at && day(cutoff.at) !== day(Date.now())) cutOff();
  }, 60_000);
  daily.unref();
  if (!cutoff.at) cutoff.at = Date.now();

  /** the control routes (development and tests: plain JSON, unsigned) */
  async function control(route: string, b: Record<string, unknown>): Promise<unknown> {
    if (route === 'accounts') {
      const account = typeof b.account === 'string' ? b.account : '';
      if (!account) return { ok: false, error: 'account required' };
      const rule = rules.get(account) ?? {};
      for (const kind of ['disburse', 'collect'] as const) if (isOutcome(b[kind])) rule[kind] = b[kind];
      if (b.faults && typeof b.faults === 'object') rule.faults = b.faults as Faults;
      rules.set(account, rule);
      // a transfer held for this account takes the outcome told now
      for (const t of txns.values()) {
        const told = rule[t.kind];
        if (t.state !== 'pending' || t.outcome !== 'hold' || (t.account !== account && t.msisdn !== account) || !told || told === 'hold') continue;
        delete rule[t.kind];
        t.outcome = told;
        await settle(t, told);
      }
      return { ok: true, account, rule };
    }
    if (route === 'config') {
      Object.assign(cfg, b);
      return { ok: true, config: { ...cfg, salt: undefined } };
    }
    if (route === 'cutoff') return { ok: true, file: cutOff() };
    if (route === 'file-fault') {
      fileFaults.push(b as unknown as FileFault);
      return { ok: true };
    }
    const other = sms.control(route, b) ?? bureau.control(route, b);
    if (other) return other;
    if (route === 'reset') {
      rules.clear();
      sms.reset();
      bureau.reset();
      fileFaults = [];
      return { ok: true };
    }
    return null;
  }

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? '/', 'http://sandbox');
      if (req.method === 'GET' && url.pathname === '/__sandbox/transactions') return send(200, [...txns.values()]);
      if (req.method === 'GET' && url.pathname === '/__sandbox/sms') return send(200, sms.list(url.searchParams.get('to')));
      if (req.method === 'GET' && url.pathname === '/__sandbox/bureau') return send(200, bureau.list());
      if (req.method === 'GET' && url.pathname.startsWith(PATHS.settlement)) {
        if (!dropSigned(cfg.salt, url.pathname, req.headers)) return send(401, { error: 'bad signature' });
        const name = decodeURIComponent(url.pathname.slice(PATHS.settlement.length));
        if (!name) return send(200, fs.readdirSync(filesDir).sort());
        if (!/^settlement-[\d-]+\.csv$/.test(name) || !fs.existsSync(path.join(filesDir, name))) return send(404, { error: 'no such file' });
        return send(200, fs.readFileSync(path.join(filesDir, name), 'utf8'), 'text/csv');
      }
      if (req.method !== 'POST') return send(404, { error: 'not found' });
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      if (sms.handles(url.pathname)) return send(200, sms.submit(text, req.headers));
      if (bureau.handles(url.pathname)) {
        const a = await bureau.answer(url.pathname, text, req.headers);
        res.writeHead(a.status, a.headers);
        return res.end(a.body);
      }
      const body = text ? JSON.parse(text) : {};
      if (url.pathname.startsWith('/__sandbox/')) {
        const r = await control(url.pathname.slice('/__sandbox/'.length), body);
        return r ? send(200, r) : send(404, { error: 'not found' });
      }
      const f = verified(cfg.salt, body);
      const reply = (x: Fields) => send(200, signed(cfg.salt, x));
      if (!f || f.pp_MerchantID !== cfg.merchantId) return reply({ pp_ResponseCode: CODES.badHash, pp_ResponseMessage: 'invalid secure hash or merchant' });
      if (url.pathname === PATHS.inquire) return reply(inquire(f));
      const kind = url.pathname === PATHS.collect ? 'collect' : url.pathname === PATHS.disburse ? 'disburse' : null;
      if (!kind || kindOfTxnType(f.pp_TxnType ?? '') !== kind) return send(404, { error: 'not found' });
      return reply(await start(kind, f));
    } catch (e) {
      send(400, { error: (e as Error).message });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', resolve);
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    port,
    async close() {
      clearInterval(daily);
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
