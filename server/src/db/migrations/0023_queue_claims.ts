/**
 * Queue-item claims (issue 40): a staff member working a queue item (an application held for review, a proof, a
 * complaint, an overdue loan) holds it until a time, so two people do not work one item; one pending payout retry
 * per order at most (a second is refused when proposed, not only when approved).
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
create table queue_claims (
  queue text not null check (queue in ('review', 'proof', 'complaint', 'collections')),
  item text not null,
  staff_id bigint not null references staff(id),
  claimed_at bigint not null,
  expires_at bigint not null check (expires_at > claimed_at),
  primary key (queue, item)
);
create unique index proposals_one_pending_retry on proposals(order_id) where kind = 'payoutRetry' and status = 'pending';
`,
    )
    .execute(db);
}
