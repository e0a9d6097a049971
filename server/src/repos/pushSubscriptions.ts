/** The borrowers' web-push subscriptions (migration 27): one row per browser endpoint, under the session it was made in. */
import type { Db } from '../db';

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** the endpoint's subscription, now this user's and session's (a browser re-subscribing after a log-in takes its row over) */
export async function saveSubscription(db: Db, s: { userId: number; sessionId: number; endpoint: string; p256dh: string; auth: string; now: number }) {
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: s.userId, session_id: s.sessionId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, created_at: s.now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: s.userId, session_id: s.sessionId, p256dh: s.p256dh, auth: s.auth, created_at: s.now }))
    .execute();
}

/** the user's subscription of this endpoint removed (the switch turned off) */
export async function removeSubscription(db: Db, userId: number, endpoint: string) {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** every subscription made in this session (its log-out) */
export async function removeSessionSubscriptions(db: Db, sessionId: number) {
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}

/** a subscription the push service says is gone (404/410) */
export async function dropSubscription(db: Db, id: number) {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** the user's subscriptions whose session is still live (an ended session's device is not pushed to) */
export function liveSubscriptions(db: Db, userId: number, now: number): Promise<PushTarget[]> {
  return db
    .selectFrom('push_subscriptions')
    .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
    .select(['push_subscriptions.id', 'push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth'])
    .where('push_subscriptions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .orderBy('push_subscriptions.id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, id: Number(r.id) })));
}
