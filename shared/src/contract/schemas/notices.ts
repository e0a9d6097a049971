/** The borrower's notices (issue 41): the in-app inbox, and whether notices and reminders are also texted. */
import { z } from 'zod';
import { isoDateTime } from './common';

/** `reminder`: on each day of the server's reminder policy before the due date (its title says which) */
export const NOTICE_KINDS = ['approved', 'paidOut', 'paymentReceived', 'reminder', 'overdue'] as const;

/** a notice as the inbox shows it: its title and text in the language of the call */
export const Notice = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  orderNo: z.string(),
  title: z.string(),
  body: z.string(),
  at: isoDateTime,
  read: z.boolean(),
});
export type Notice = z.infer<typeof Notice>;

export const NoticeListRequest = z.object({});
export const NoticeListResponse = z.object({ notices: z.array(Notice), unread: z.number().int().min(0) });
export const NoticeReadRequest = z.object({
  /** the notices read; none: all of them */
  ids: z.array(z.number().int().positive()).max(100).optional(),
});
export const NoticeReadResponse = z.object({ unread: z.number().int().min(0) });
export const NoticeSettingsRequest = z.object({});
export const NoticeSettings = z.object({
  /** notices and reminders also as text messages (the inbox gets them either way; codes are always texted) */
  texts: z.boolean({ error: 'validation.required' }),
});
export const NoticeSettingsResponse = NoticeSettings.extend({
  /** the server's VAPID public key: what this browser subscribes to push with */
  pushKey: z.string(),
});
const pushEndpoint = z.url({ protocol: /^https?$/, error: 'validation.invalid' }).max(2000);
/** a browser's PushSubscription (its JSON): the push service's URL and the keys the messages are encrypted for */
export const PushSubscribeRequest = z.object({
  endpoint: pushEndpoint,
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export const PushUnsubscribeRequest = z.object({ endpoint: pushEndpoint });
/** whether this browser's subscription is now kept */
export const PushResponse = z.object({ push: z.boolean() });
