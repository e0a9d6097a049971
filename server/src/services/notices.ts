/** The borrower's inbox of notices (usecases/notices.ts writes them) and their choice of texts. */
import type { Req, Res } from '../api/calls';
import type { AuthedCtx } from '../context/deps';
import { iso } from '../core/time';
import { POLICY } from '../settings/policy';
import { noticeText, type NoticeKind } from '../domain/notices';
import { inboxOf, markRead, paramsOf, setOptOut, unreadCount } from '../repos/notices';

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
  return { texts: !ctx.user.notices_opt_out };
}

export async function saveNoticeSettings(p: Req<'saveNoticeSettings'>, ctx: AuthedCtx): Promise<Res<'saveNoticeSettings'>> {
  await setOptOut(ctx.deps.db, ctx.user.id, !p.texts);
  ctx.deps.log.info({ userId: ctx.user.id, texts: p.texts }, 'notice texts turned ' + (p.texts ? 'on' : 'off'));
  return { texts: p.texts };
}
