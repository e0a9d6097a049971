/// <reference lib="webworker" />
/**
 * Web push in the service worker (issue 41): a notice the server pushed (server/src/usecases/notices.ts: its title,
 * body, language, the inbox's address and its reference as tag) shown as a notification; a tap opens the app there,
 * in a window of the app already open when there is one.
 */

export interface PushedNotice {
  title: string;
  body: string;
  lang: 'en' | 'ur';
  url: string;
  tag: string;
}

/** the notification of a push's JSON under the worker's scope (the app's address); null when it is not one of ours */
export function notificationOf(data: unknown, scope: string): { title: string; options: NotificationOptions } | null {
  const d = data as Partial<PushedNotice> | null;
  if (!d || typeof d.title !== 'string' || typeof d.body !== 'string') return null;
  // only a page of the app: a push naming another site opens the app's home
  const named = typeof d.url === 'string' ? new URL(d.url.replace(/^\//, ''), scope) : null;
  const url = named && named.href.startsWith(scope) ? named.href : scope;
  const lang = d.lang === 'ur' ? 'ur' : 'en';
  return {
    title: d.title,
    options: { body: d.body, lang, dir: lang === 'ur' ? 'rtl' : 'ltr', tag: d.tag, icon: new URL('icon-192.png', scope).href, data: { url } },
  };
}

/** a tap: a window of the app focused on `url`, or a new one */
export async function openApp(clients: Clients, url: string): Promise<void> {
  const open = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[];
  const w = open.find((c) => new URL(c.url).origin === new URL(url).origin);
  if (w) {
    await w.focus();
    await w.navigate(url);
  } else await clients.openWindow(url);
}
