/**
 * Web push (RFC 8030) to the browsers a borrower subscribed with consent: each message encrypted for its
 * subscription (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292) by the maintained `web-push` package,
 * posted to the subscription's push service (the browser vendor's: FCM, Mozilla's, Apple's).
 */
import type https from 'node:https';
import webpush from 'web-push';

/** the development VAPID pair (refused in production: anyone could push as us with it) */
export const DEV_VAPID_PUBLIC_KEY = 'BKZ89nzm8a3YVRPYluJpkP6y12OsvNtn9vhXUc38TbvarLJsoC5XWqJ6vEWLU98KzbvMrgmdtiw9-IgggLET01k';
export const DEV_VAPID_PRIVATE_KEY = 'ZjJkGsi_0bCQk3sHxfg9cjav2CyUUgUs7M73cLzU7m0';

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}
/** `gone`: the push service no longer knows the subscription (404/410: drop it); `failed`: any other refusal or no answer */
export type PushResult = { state: 'sent' } | { state: 'gone' | 'failed'; reason: string };

export interface PushService {
  send(to: PushSubscriptionKeys, payload: object): Promise<PushResult>;
}

export interface VapidOptions {
  publicKey: string;
  privateKey: string;
  subject: string;
  timeoutMs: number;
  ttlSeconds: number;
  /** the HTTPS agent (default node's, trusting the usual roots; the tests' push service has its own certificate) */
  agent?: https.Agent;
}

export function vapidPush(o: VapidOptions): PushService {
  return {
    async send(to, payload) {
      try {
        await webpush.sendNotification({ endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject: o.subject, publicKey: o.publicKey, privateKey: o.privateKey },
          TTL: o.ttlSeconds,
          timeout: o.timeoutMs,
          contentEncoding: 'aes128gcm',
          ...(o.agent ? { agent: o.agent } : {}),
        });
        return { state: 'sent' };
      } catch (e) {
        const status = (e as { statusCode?: number }).statusCode;
        const reason = status ? `push service answered ${status}` : (e as Error).message;
        return { state: status === 404 || status === 410 ? 'gone' : 'failed', reason };
      }
    },
  };
}
