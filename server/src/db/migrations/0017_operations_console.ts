/**
 * Operations console (issue 40): staff accounts and sessions, the chained staff audit trail, maker-checker
 * proposals, proof and complaint decisions.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
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
    )
    .execute(db);
}
