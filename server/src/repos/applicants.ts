/** Data retention: applicants who got no loan, and the deletion of their personal data. */
import { sql } from 'kysely';
import type { Db } from '../db';
import C from '../api/contract';
import { audit } from './audit';
import { lockUser } from './users';

const { OrderStatus, ACTIVE_STATUSES } = C;

/**
 * Users whose data is still kept (never erased, or given again since), with a rejection or cancellation final before `cutoff`, and no
 * order active, ever paid out, or changed since `cutoff`.
 */
export function retentionDue(db: Db, cutoff: number) {
  return due(db, cutoff).execute();
}

/**
 * Locks the applicant's user row (applyMarket takes the same lock before it creates an order) and
 * answers whether their data is still due for deletion as of now: an order created meanwhile, even
 * one that committed after retentionDue read, keeps the data. Skips an applicant locked elsewhere.
 */
export async function claimApplicant(trx: Db, userId: number, cutoff: number): Promise<boolean> {
  const locked = await lockUser(trx, userId, { skipLocked: true });
  return !!locked && !!(await due(trx, cutoff).where('id', '=', userId).executeTakeFirst());
}

function due(db: Db, cutoff: number) {
  return db
    .selectFrom('users')
    .select(['id'])
    .where((eb) =>
      eb.or([
        eb('data_deleted_at', 'is', null),
        // erased before, and data given again since (a new application): that is kept no longer than the first
        eb('first_name', 'is not', null),
        eb.exists(eb.selectFrom('documents as d').select('d.id').whereRef('d.user_id', '=', 'users.id')),
        eb.exists(eb.selectFrom('bank_cards as c').select('c.id').whereRef('c.user_id', '=', 'users.id')),
        eb.exists(
          eb.selectFrom('profiles as p').select('p.user_id').whereRef('p.user_id', '=', 'users.id').whereRef('p.updated_at', '>', 'users.data_deleted_at'),
        ),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('orders as o')
          .select('o.id')
          .whereRef('o.user_id', '=', 'users.id')
          .where((e) =>
            e.or([
              e.and([e('o.status', '=', OrderStatus.Reject), e('o.decided_at', '<=', cutoff)]),
              e.and([e('o.status', '=', OrderStatus.Cancel), e('o.updated_at', '<=', cutoff)]),
            ]),
          ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('orders as a')
            .select('a.id')
            .whereRef('a.user_id', '=', 'users.id')
            .where((e) => e.or([e('a.status', 'in', ACTIVE_STATUSES), e('a.disbursed_at', 'is not', null), e('a.updated_at', '>', cutoff)])),
        ),
      ),
    );
}

/**
 * Deletes everything of the applicant but what the account and the refusal need (test/privacy.test.ts lists every
 * table holding a user's rows against this): names, documents, bank cards, profile, the cards kept on orders,
 * consents, risk acknowledgements, credit raises, notices (the inbox), complaint texts, and the audit rows about them (the account-change
 * notices: bank and last digits), with an audit row of the deletion, inside the caller's transaction (after
 * claimApplicant); answers the storage keys of the deleted photos. Kept: the user row (the mobile number they log in
 * with), sessions (token hashes), orders (the refusal the reapply wait counts from), the complaint tickets' number,
 * category and dates (the complaint register), codes sent (hashes, expiring in minutes).
 */
export async function eraseApplicant(trx: Db, userId: number, now: number): Promise<string[]> {
  await trx.updateTable('users').set({ first_name: null, last_name: null, data_deleted_at: now }).where('id', '=', userId).execute();
  const docs = await trx.selectFrom('documents').select(['storage_key']).where('user_id', '=', userId).execute();
  await trx.updateTable('complaints').set({ body: '' }).where('user_id', '=', userId).execute();
  await trx.deleteFrom('documents').where('user_id', '=', userId).execute();
  await trx.deleteFrom('bank_cards').where('user_id', '=', userId).execute();
  await trx.deleteFrom('consents').where('user_id', '=', userId).execute();
  await trx.deleteFrom('risk_acknowledgements').where('user_id', '=', userId).execute();
  await trx.deleteFrom('credit_raises').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notices').where('user_id', '=', userId).execute();
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await trx
    .updateTable('profiles')
    .set({ basic: null, addition: null, questionnaire: null, ocr: null, national_id_index: null, images_done_at: null, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  await trx.updateTable('orders').set({ bank_card: null }).where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('audit_log')
    .where(sql<string>`detail->>'userId'`, '=', String(userId))
    .where('kind', '!=', RETENTION_AUDIT)
    .execute();
  await audit(trx, now, RETENTION_AUDIT, { userId, documents: docs.length });
  return docs.map((d) => d.storage_key);
}
const RETENTION_AUDIT = 'retention.delete';
