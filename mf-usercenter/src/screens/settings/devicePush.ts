/**
 * This browser's web push (issue 41), through the host's own service worker (host/src/sw/sw.ts shows the pushes):
 * whether it can, its subscription, subscribing with the server's VAPID key once the borrower allowed notifications.
 */

/** the browser has push and the app's service worker is registered (none in development builds) */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined' || typeof Notification === 'undefined')
    return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** the VAPID public key (base64url) as the bytes PushManager.subscribe takes */
export function keyBytes(key: string): Uint8Array {
  const b64 = (key + '='.repeat((4 - (key.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** the borrower refused the browser's permission (or refused it before: the browser no longer asks) */
export class PushDenied extends Error {}

/** asks the browser's permission (the borrower just tapped the switch), then subscribes: the subscription to send the server */
export async function subscribeDevice(reg: ServiceWorkerRegistration, key: string): Promise<PushSubscriptionJSON> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushDenied();
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) as BufferSource });
  return sub.toJSON();
}
