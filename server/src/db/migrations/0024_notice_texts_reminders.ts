/**
 * Texts left `sending` by a crash (issue 41): when a notice's text was claimed, and `unknown` for one whose text no
 * answer or report shows the gateway took (operations decide: server/README.md "SMS"). Reminders are one kind,
 * `reminder`, keyed by the due date and the days before it (POLICY.reminders.daysBefore): the fixed kinds of the
 * 3-, 1- and 0-day reminders written so far become it.
 * Applied SQL: never edited (a change is a new migration) and no value interpolated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table notices add column sms_claimed_at bigint;
alter table notices drop constraint notices_sms_check;
alter table notices add constraint notices_sms_check check (sms in ('waiting', 'sending', 'sent', 'failed', 'optedOut', 'stale', 'unknown'));
create index notices_sending on notices(sms_claimed_at) where sms = 'sending';
create index notices_sms_unknown on notices(id) where sms = 'unknown';
create index sms_messages_ref on sms_messages(ref);
update notices set kind = 'reminder', key = key || '/3', params = params || '{"daysBefore": 3}'::jsonb where kind = 'reminder3';
update notices set kind = 'reminder', key = key || '/1', params = params || '{"daysBefore": 1}'::jsonb where kind = 'reminder1';
update notices set kind = 'reminder', key = key || '/0', params = params || '{"daysBefore": 0}'::jsonb where kind = 'dueToday';
`,
    )
    .execute(db);
}
