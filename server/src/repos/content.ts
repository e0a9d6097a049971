/** Seeded content (content.ts -> table content): banks, FAQ, policies, questionnaire texts, customer service. */
import type { Db } from '../db';
import { fromJson } from '../db/json';

/** the content under `key` in `lang`, else in English; `T` is the shape content.ts seeds under `key` */
export async function content<T>(db: Db, key: string, lang = 'en'): Promise<T | null> {
  const r = await db.selectFrom('content').select(['body', 'lang']).where('key', '=', key).where('lang', 'in', [lang, 'en']).execute();
  const hit = r.find((x) => x.lang === lang) ?? r.find((x) => x.lang === 'en');
  return hit ? fromJson<T>(hit.body) : null;
}
