/**
 * A body signed with an account's secret, as the SMS gateway's and the credit bureau's protocols assume it
 * (providers/sms/protocol.ts, providers/bureau/protocol.ts): `X-Timestamp` (epoch ms) and `X-Signature`, the hex
 * HMAC-SHA256 keyed by the secret over `<timestamp>.<body>`, accepted within a window of the receiver's time.
 */
import crypto from 'node:crypto';

export const signature = (secret: string, timestamp: string, body: string) => crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signedHeaders(secret: string, body: string, now = Date.now(), type = 'application/json'): Record<string, string> {
  const t = String(now);
  return { 'content-type': type, 'x-timestamp': t, 'x-signature': signature(secret, t, body) };
}

/** a body's signature is right and its time within `windowMs` of ours */
export function signedBy(secret: string, body: string, h: Record<string, string | string[] | undefined>, now = Date.now(), windowMs = 300_000): boolean {
  const t = h['x-timestamp'];
  const s = h['x-signature'];
  if (typeof t !== 'string' || typeof s !== 'string' || !/^\d+$/.test(t) || Math.abs(now - Number(t)) > windowMs) return false;
  const want = signature(secret, t, body);
  return s.length === want.length && crypto.timingSafeEqual(Buffer.from(s), Buffer.from(want));
}
