/** Data retention: applicants who got no loan, and the deletion of their personal data. */
import type { Db } from '../db';
import C from '../contract';
import { audit } from './audit';

const { OrderStatus, ACTIVE_STATUSES } = C;

/**
 * Users whose data is still kept, with a rejection or cancellation final before `cutoff`, and no
 * order active, ever paid out, or changed since `cutoff`.
 */
export function retentionDue(db: Db, cutoff: number) {
  return db
    .selectFrom('users')
    .select(['id'])
    .where('data_deleted_at', 'is', null)
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
    )
    .execute();
}

/**
 * Deletes the applicant's names, documents, bank cards, profile and the cards kept on orders, with
 * an audit row, in one transaction; answers the storage keys of the deleted photos, or null when
 * another instance deleted this applicant's data first.
 */
export function eraseApplicant(db: Db, userId: number, now: number): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const mine = await trx
      .updateTable('users')
      .set({ first_name: null, last_name: null, data_deleted_at: now })
      .where('id', '=', userId)
      .where('data_deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!mine) return null;
    const docs = await trx.selectFrom('documents').select(['storage_key']).where('user_id', '=', userId).execute();
    await trx.deleteFrom('documents').where('user_id', '=', userId).execute();
    await trx.deleteFrom('bank_cards').where('user_id', '=', userId).execute();
    await trx
      .updateTable('profiles')
      .set({ basic: null, addition: null, questionnaire: null, ocr: null, national_id_index: null, images_done_at: null, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
    await trx.updateTable('orders').set({ bank_card: null }).where('user_id', '=', userId).execute();
    await audit(trx, now, 'retention.delete', { userId, documents: docs.length });
    return docs.map((d) => d.storage_key);
  });
}
