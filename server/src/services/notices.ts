/** The borrower's inbox of notices (usecases/notices.ts writes them) and their choice of texts. */
import type { Req, Res } from '../api/calls';
import type { AuthedCtx } from '../context/deps';
import { iso } from '../core/time';
import { POLICY } from '../settings/policy';
import { noticeText, type NoticeKind } from '../domain/notices';
import { inboxOf, markRead, paramsOf, setOptOut, unreadCount } from '../repos/notices';
import { removeSubscription, saveSubscription } from '../repos/pushSubscriptions';
import { sessionIdOf } from '../repos/sessions';
import { tokenHash } from '../usecases/sessions';
import { ErrorCode, fail } from '../core/errors';

export async function noticeList(_p: Req<'noticeList'>, ctx: AuthedCtx): Promise<Res<'noticeList'>> {
  const { db } = ctx.deps;
  const rows = await inboxOf(db, ctx.user.id, POLICY.notices.inboxShown);
  return {
    notices: rows.map((n) => {
      const kind = n.kind as NoticeKind;
      const params = paramsOf(n);
      return { id: n.id, kind, orderNo: params.orderNo, ...noticeText(kind, ctx.lang, params), at: iso(n.created_at), read: n.read_at !== null };
    }),
    unread: await unreadCount(db, ctx.user.id),
  };
}

export async function noticeRead(p: Req<'noticeRead'>, ctx: AuthedCtx): Promise<Res<'noticeRead'>> {
  const { db, clock } = ctx.deps;
  await markRead(db, ctx.user.id, p.ids ?? null, clock.now());
  return { unread: await unreadCount(db, ctx.user.id) };
}

export async function noticeSettings(_p: Req<'noticeSettings'>, ctx: AuthedCtx): Promise<Res<'noticeSettings'>> {
  return { texts: !ctx.user.notices_opt_out, pushKey: ctx.deps.cfg.vapidPublicKey };
}

export async function saveNoticeSettings(p: Req<'saveNoticeSettings'>, ctx: AuthedCtx): Promise<Res<'saveNoticeSettings'>> {
  await setOptOut(ctx.deps.db, ctx.user.id, !p.texts);
  ctx.deps.log.info({ userId: ctx.user.id, texts: p.texts }, 'notice texts turned ' + (p.texts ? 'on' : 'off'));
  return { texts: p.texts, pushKey: ctx.deps.cfg.vapidPublicKey };
}

/** this browser's push subscription, kept under the session it was made in (the borrower turned push on here) */
export async function pushSubscribe(p: Req<'pushSubscribe'>, ctx: AuthedCtx, token?: string): Promise<Res<'pushSubscribe'>> {
  const { db, clock, log } = ctx.deps;
  const session = token ? await sessionIdOf(db, tokenHash(ctx.deps, token)) : null;
  if (session === null) fail(ErrorCode.notLoggedIn);
  await saveSubscription(db, { userId: ctx.user.id, sessionId: session, endpoint: p.endpoint, p256dh: p.keys.p256dh, auth: p.keys.auth, now: clock.now() });
  log.info({ userId: ctx.user.id }, 'push turned on for a device');
  return { push: true };
}

export async function pushUnsubscribe(p: Req<'pushUnsubscribe'>, ctx: AuthedCtx): Promise<Res<'pushUnsubscribe'>> {
  await removeSubscription(ctx.deps.db, ctx.user.id, p.endpoint);
  return { push: false };
}
