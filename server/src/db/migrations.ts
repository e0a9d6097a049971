/** Versioned migrations: the same SQL on PGlite and PostgreSQL 15. Add, never edit an applied one. */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

export const MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
create table users (
  id bigserial primary key,
  mobile text not null unique,
  created_at bigint not null,
  credit_limit integer not null,
  on_time_count integer not null default 0,
  first_name text,
  last_name text,
  data_deleted_at bigint
);
create table sessions (
  id bigserial primary key,
  user_id bigint not null references users(id),
  token_hash text not null unique,
  created_at bigint not null,
  expires_at bigint not null,
  revoked_at bigint,
  revoked_reason text
);
create index sessions_user on sessions(user_id);
create table otps (
  id bigserial primary key,
  mobile text not null,
  purpose text not null,
  channel text not null,
  code_hash text not null,
  created_at bigint not null,
  expires_at bigint not null,
  attempts integer not null default 0,
  used_at bigint
);
create index otps_mobile on otps(mobile, purpose, created_at);
create table profiles (
  user_id bigint primary key references users(id),
  basic jsonb,
  addition jsonb,
  questionnaire jsonb,
  ocr jsonb,
  images_done_at bigint,
  updated_at bigint not null
);
create table documents (
  id bigserial primary key,
  user_id bigint not null references users(id),
  kind text not null,
  storage_key text not null,
  mime text not null,
  size integer not null,
  created_at bigint not null
);
create index documents_user on documents(user_id, kind);
create table bank_cards (
  id bigserial primary key,
  user_id bigint not null references users(id),
  role text not null,
  card_type text not null,
  bank_index integer,
  bank_name text not null,
  account_number text not null,
  card_holder text not null,
  created_at bigint not null,
  unique (user_id, role)
);
create table products (
  id text primary key,
  sort integer not null,
  active boolean not null default true,
  terms jsonb not null
);
create table orders (
  id bigserial primary key,
  order_no text not null unique,
  user_id bigint not null references users(id),
  product_id text not null references products(id),
  amount integer not null,
  tenure_days integer not null,
  status integer not null,
  terms jsonb not null,
  created_at bigint not null,
  updated_at bigint not null,
  submitted_at bigint,
  decided_at bigint,
  decision text,
  score integer,
  lending_at bigint,
  disbursed_at bigint,
  due_at bigint,
  paid_off_at bigint,
  penalty integer not null default 0,
  amount_paid integer not null default 0,
  reduction integer not null default 0,
  extension_count integer not null default 0,
  cancel_reason text,
  fail_reason text,
  bank_card jsonb,
  upload_flags jsonb
);
create index orders_user on orders(user_id, created_at);
create index orders_status on orders(status);
create unique index orders_one_active on orders(user_id) where status in (1,2,3,5,6,7,10,11,12,14,16,17,18);
create table order_events (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  type text not null,
  status integer not null,
  at bigint not null,
  note text
);
create index order_events_order on order_events(order_id);
create table payments (
  id bigserial primary key,
  pay_order_id text not null unique,
  order_id bigint not null references orders(id),
  user_id bigint not null references users(id),
  kind text not null,
  amount integer not null,
  channel_id text,
  idempotency_key text not null,
  status text not null,
  created_at bigint not null,
  completed_at bigint,
  expires_at bigint not null,
  unique (user_id, idempotency_key)
);
create table proofs (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  user_id bigint not null references users(id),
  document_id bigint not null,
  amount integer not null,
  reference text not null,
  channel text not null,
  status text not null,
  created_at bigint not null,
  checked_at bigint
);
create table credit_raises (
  id bigserial primary key,
  user_id bigint not null references users(id),
  at bigint not null,
  from_limit integer not null,
  to_limit integer not null
);
create table content (
  key text not null,
  lang text not null,
  body jsonb not null,
  primary key (key, lang)
);
create table audit_log (
  id bigserial primary key,
  at bigint not null,
  kind text not null,
  detail jsonb not null
);
`,
  },
  {
    version: 2,
    name: 'money ledger',
    // Every movement of money is an append-only row: the order's paid amount is the sum of its
    // credits, and an overpayment can only exist as an explicit refund row.
    sql: `
create table ledger (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  user_id bigint not null references users(id),
  kind text not null check (kind in ('disbursal', 'charge', 'credit', 'fee', 'refund')),
  amount integer not null check (amount >= 0),
  payment_id bigint references payments(id),
  proof_id bigint references proofs(id),
  at bigint not null,
  note text
);
create index ledger_order on ledger(order_id);
create unique index ledger_one_disbursal on ledger(order_id) where kind = 'disbursal';
create unique index ledger_once_per_payment on ledger(payment_id, kind) where payment_id is not null;
create unique index ledger_once_per_proof on ledger(proof_id, kind) where proof_id is not null;
alter table payments add column fail_reason text;
alter table orders add column lending_key text;
alter table proofs add column paid_on text;
insert into ledger (order_id, user_id, kind, amount, payment_id, at, note)
  select order_id, user_id, 'charge', amount, id, coalesce(completed_at, created_at), 'backfill' from payments where status = 'success';
insert into ledger (order_id, user_id, kind, amount, payment_id, at, note)
  select order_id, user_id, case when kind = 'extension' then 'fee' else 'credit' end, amount, id, coalesce(completed_at, created_at), 'backfill'
  from payments where status = 'success';
`,
  },
  {
    version: 3,
    name: 'shared blobs and rate limits (several API instances on one PostgreSQL)',
    sql: `
create table blobs (
  key text primary key,
  user_id bigint not null,
  data bytea not null,
  created_at bigint not null
);
create table rate_hits (
  key text primary key,
  n integer not null,
  reset_at bigint not null
);
create index rate_hits_reset on rate_hits (reset_at);
`,
  },
  {
    version: 4,
    name: 'keyed hashes beside values encrypted at rest',
    sql: `
alter table bank_cards add column account_index text;
create index bank_cards_account_index on bank_cards (account_index);
alter table profiles add column national_id_index text;
create index profiles_national_id_index on profiles (national_id_index);
`,
  },
  {
    version: 5,
    name: 'overdue penalty kept when an extension moves the due date',
    sql: `
alter table orders add column penalty_carried integer not null default 0;
`,
  },
  {
    version: 6,
    name: 'the card coupon: granted once, taken off the next loan',
    sql: `
alter table users add column card_coupon integer not null default 0;
alter table users add column card_coupon_granted boolean not null default false;
`,
  },
  {
    version: 7,
    name: 'the bank code of each account (from the bank list; an IBAN carries its own)',
    sql: `
alter table bank_cards add column bank_code text;
update bank_cards c set bank_code = b.code
  from (select (e->>'index')::int as idx, e->>'code' as code from content, jsonb_array_elements(body) e where key = 'banks' and lang = 'en') b
  where c.bank_index = b.idx and c.card_type <> 'IBAN';
`,
  },
  {
    version: 8,
    name: 'agreements to the device permissions (each kept, with its version and time)',
    sql: `
create table consents (
  id bigserial primary key,
  user_id bigint not null references users(id),
  version text not null,
  permissions jsonb not null,
  agreed_at bigint not null
);
create index consents_user on consents(user_id, agreed_at);
`,
  },
  {
    version: 9,
    name: 'the penalty on the principal still outstanding: principal repaid, and the penalty fixed at each payment',
    sql: `
alter table orders add column principal_paid integer not null default 0;
alter table orders add column penalty_settled integer not null default 0;
alter table orders add column penalty_days integer not null default 0;
update orders set principal_paid = least(amount, amount_paid);
`,
  },
  {
    version: 10,
    name: 'money goes only to verified accounts: when the borrower last proved the registered number, and each account',
    sql: `
alter table users add column verified_at bigint;
alter table bank_cards add column verified_at bigint;
create index audit_log_account_notices on audit_log ((detail->>'userId'), at) where kind = 'account.changed';
`,
  },
  {
    version: 11,
    name: "phones' reports of a remote's release that failed to load: one row per release and reporter (user or address, keyed hash)",
    sql: `
create table remote_fallbacks (
  remote text not null,
  version text not null,
  reporter text not null,
  reports integer not null,
  first_at bigint not null,
  last_at bigint not null,
  primary key (remote, version, reporter)
);
create index remote_fallbacks_last on remote_fallbacks (last_at);
create index remote_fallbacks_reporter on remote_fallbacks (reporter, last_at);
`,
  },
  {
    version: 12,
    name: 'double-entry ledger: journals of balanced postings for every money event (docs/ledger.md)',
    // The amount columns of orders and the cash-only ledger table are left as they were and no code
    // reads or writes them any more, except the start-up back-fill (src/db/ledgerBackfill.ts), which gives
    // orders paid out before this migration their journals from them before the server serves.
    sql: `
create table journals (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  kind text not null check (kind in ('disbursal', 'interest', 'penalty', 'coupon', 'extensionFee', 'payment', 'couponApplied')),
  at bigint not null,
  day integer,
  period integer not null default 0,
  due_at bigint,
  payment_id bigint references payments(id),
  proof_id bigint references proofs(id),
  note text
);
create index journals_order on journals(order_id, id);
create unique index journals_one_disbursal on journals(order_id) where kind = 'disbursal';
create unique index journals_accrual_day on journals(order_id, kind, period, day) where kind in ('interest', 'penalty');
create unique index journals_once_per_payment on journals(payment_id, kind) where payment_id is not null;
create unique index journals_once_per_proof on journals(proof_id, kind) where proof_id is not null;
create table postings (
  id bigserial primary key,
  journal_id bigint not null references journals(id),
  order_id bigint not null references orders(id),
  account text not null check (account in ('cash', 'principal', 'interest', 'penalty', 'fee', 'coupon', 'interestIncome', 'penaltyIncome', 'feeIncome', 'taxPayable', 'couponExpense', 'refundPayable')),
  amount integer not null check (amount <> 0)
);
create index postings_order on postings(order_id, account);
create index postings_journal on postings(journal_id);
`,
  },
  {
    version: 13,
    name: 'waivers: an operator waives interest, penalty or a fee (journal kind waiver, account waiverExpense)',
    sql: `
alter table journals drop constraint journals_kind_check;
alter table journals add constraint journals_kind_check check (kind in ('disbursal', 'interest', 'penalty', 'coupon', 'extensionFee', 'payment', 'couponApplied', 'waiver'));
alter table postings drop constraint postings_account_check;
alter table postings add constraint postings_account_check check (account in ('cash', 'principal', 'interest', 'penalty', 'fee', 'coupon', 'interestIncome', 'penaltyIncome', 'feeIncome', 'taxPayable', 'couponExpense', 'refundPayable', 'waiverExpense'));
`,
  },
  {
    version: 14,
    name: 'market profile (issue 29): the cooling-off withdrawal journal, risk-warning acknowledgements, complaint tickets',
    sql: `
alter table journals drop constraint journals_kind_check;
alter table journals add constraint journals_kind_check
  check (kind in ('disbursal', 'interest', 'penalty', 'coupon', 'extensionFee', 'payment', 'couponApplied', 'waiver', 'withdrawal'));
create unique index journals_one_withdrawal on journals(order_id) where kind = 'withdrawal';
create table risk_acknowledgements (
  id bigserial primary key,
  user_id bigint not null references users(id),
  version text not null,
  lang text not null,
  at bigint not null
);
create index risk_acknowledgements_user on risk_acknowledgements(user_id, version);
create table complaints (
  id bigserial primary key,
  ticket_no text not null unique,
  user_id bigint not null references users(id),
  category text not null,
  body text not null,
  document_id bigint references documents(id) on delete set null,
  status text not null check (status in ('open', 'inProgress', 'resolved')),
  created_at bigint not null,
  resolve_by bigint not null,
  resolved_at bigint
);
create index complaints_user on complaints(user_id, created_at);
`,
  },
  {
    // issue 38: a session ends after SESSION_IDLE_DAYS without a call (wall-clock ms of the last call seen, written at most every POLICY.sessionSeenWriteMs)
    version: 15,
    name: 'session_last_seen',
    sql: `alter table sessions add column last_seen_at bigint;`,
  },
  {
    version: 16,
    name: 'operations console (issue 40): staff accounts and sessions, the chained staff audit trail, maker-checker proposals, proof and complaint decisions',
    sql: `
create table staff (
  id bigserial primary key,
  username text not null unique,
  name text not null,
  role text not null check (role in ('agent', 'reviewer', 'collections', 'supervisor', 'admin')),
  password_hash text not null,
  totp_secret text not null,
  totp_last_step bigint,
  failed_count integer not null default 0,
  locked_until bigint,
  created_at bigint not null,
  created_by bigint references staff(id),
  disabled_at bigint
);
create table staff_sessions (
  id bigserial primary key,
  staff_id bigint not null references staff(id),
  token_hash text not null unique,
  created_at bigint not null,
  last_seen_at bigint not null,
  expires_at bigint not null,
  ended_at bigint,
  ended_reason text
);
create index staff_sessions_staff on staff_sessions(staff_id);
create table staff_audit (
  seq bigint primary key,
  at bigint not null,
  staff_id bigint references staff(id),
  action text not null,
  subject text,
  detail jsonb not null,
  prev_hash text not null,
  hash text not null unique
);
create index staff_audit_staff on staff_audit(staff_id, seq);
create index staff_audit_action on staff_audit(action, seq);
create function staff_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'staff_audit is append-only';
end $$;
create trigger staff_audit_no_change before update or delete on staff_audit for each row execute function staff_audit_append_only();
create trigger staff_audit_no_truncate before truncate on staff_audit for each statement execute function staff_audit_append_only();
create table proposals (
  id bigserial primary key,
  kind text not null check (kind in ('waiver')),
  order_id bigint not null references orders(id),
  payload jsonb not null,
  reason text not null,
  status text not null check (status in ('pending', 'applied', 'rejected', 'failed')),
  maker_id bigint not null references staff(id),
  created_at bigint not null,
  checker_id bigint references staff(id),
  decided_at bigint,
  outcome jsonb,
  check (checker_id is null or checker_id <> maker_id)
);
create index proposals_status on proposals(status, created_at);
alter table proofs add column checked_by bigint references staff(id);
alter table proofs add column check_reason text;
create index proofs_reference on proofs(upper(reference));
alter table complaints add column reply text;
alter table complaints add column replied_at bigint;
alter table complaints add column replied_by bigint references staff(id);
alter table complaints add column escalated_at bigint;
alter table complaints add column escalated_by bigint references staff(id);
`,
  },
];

/** any fixed number: instances starting together on one PostgreSQL migrate one after the other */
const MIGRATION_LOCK = 7_240_001;

/**
 * Runs `fn` while no other instance on this database is starting (migrating or rewriting data),
 * without the request time-outs (waiting for another instance's migration, rewriting every row).
 */
export async function underStartupLock<T>(db: Kysely<DB>, fn: (c: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (c) => {
    await sql`set statement_timeout = 0`.execute(c);
    await sql`set lock_timeout = 0`.execute(c);
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(c);
    try {
      return await fn(c);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(c);
      await sql`reset statement_timeout`.execute(c);
      await sql`reset lock_timeout`.execute(c);
    }
  });
}

export const migrate = (db: Kysely<DB>): Promise<number[]> => underStartupLock(db, migrateLocked);

async function migrateLocked(db: Kysely<DB>): Promise<number[]> {
  await sql`create table if not exists schema_migrations (version integer primary key, applied_at bigint not null)`.execute(db);
  const done = new Set((await db.selectFrom('schema_migrations').select('version').execute()).map((r) => Number(r.version)));
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    await db.transaction().execute(async (trx) => {
      await sql.raw(m.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: m.version, applied_at: Date.now() }).execute();
    });
    applied.push(m.version);
  }
  return applied;
}
