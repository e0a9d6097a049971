/** Seeded content (settings/content.ts and domain/faq.ts -> table content, app/seed.ts): banks, FAQ, policies, questionnaire texts, customer service. */
import { z } from 'zod';
import type { Db } from '../db';
import C from '../api/contract';
import { parseJson } from '../db/json';

const S = C.schemas;
const seeded = <T>(key: string, schema: z.ZodType<T>) => ({ key, schema });
/** what content.ts seeds under each key, with the schema its body is parsed by when read */
export const CONTENT = {
  banks: seeded('banks', S.BankListResponse.shape.banks),
  wallets: seeded('wallets', S.BankListResponse.shape.wallets),
  questionnaire: seeded('questionnaire', z.array(z.string())),
  questionnaireOptions: seeded('questionnaireOptions', z.record(z.string(), z.string())),
  customerService: seeded('customerService', S.CustomerServiceResponse),
  faq: seeded('faq', S.FaqResponse.shape.sections),
  policies: seeded('policies', z.partialRecord(z.enum(S.POLICY_TYPES), S.PolicyResponse.omit({ type: true, lang: true }))),
};

/** the content `c` in `lang`, else in English */
export async function content<T>(db: Db, c: { key: string; schema: z.ZodType<T> }, lang = 'en'): Promise<T | null> {
  const r = await db.selectFrom('content').select(['body', 'lang']).where('key', '=', c.key).where('lang', 'in', [lang, 'en']).execute();
  const hit = r.find((x) => x.lang === lang) ?? r.find((x) => x.lang === 'en');
  return hit ? parseJson(c.schema, hit.body, `content.body of ${c.key} (${hit.lang})`) : null;
}
