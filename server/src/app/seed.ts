/** Seeds products and content (the market profile's, market/profile.ts: its products, FAQ and data policy) on start: inserted on first start, refreshed from configuration after. */
import type { Db } from '../db';
import { productsOf, type MarketProfile } from '../market/profile';
import { BANK_LANGS, banksIn, walletsIn } from '../settings/banks';
import { policiesOf, CUSTOMER_SERVICE, QUESTION_OPTION_LABELS, QUESTION_TITLES } from '../settings/content';
import { faqOf } from '../domain/faq';

export async function seed(db: Db, profile: MarketProfile): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const p of productsOf(profile)) {
      const terms = JSON.stringify(p);
      await trx
        .insertInto('products')
        .values({ id: p.id, sort: p.sort, active: true, terms })
        .onConflict((oc) => oc.column('id').doUpdateSet({ sort: p.sort, terms }))
        .execute();
    }
    const rows: { key: string; lang: string; body: unknown }[] = [
      ...BANK_LANGS.flatMap((lang) => [
        { key: 'banks', lang, body: banksIn(lang) },
        { key: 'wallets', lang, body: walletsIn(lang) },
      ]),
      { key: 'customerService', lang: 'en', body: CUSTOMER_SERVICE },
      ...Object.entries(faqOf(profile)).map(([lang, body]) => ({ key: 'faq', lang, body })),
      ...Object.entries(policiesOf(profile)).map(([lang, body]) => ({ key: 'policies', lang, body })),
      ...Object.entries(QUESTION_TITLES).map(([lang, body]) => ({ key: 'questionnaire', lang, body })),
      ...Object.entries(QUESTION_OPTION_LABELS).map(([lang, body]) => ({ key: 'questionnaireOptions', lang, body })),
    ];
    for (const r of rows) {
      const body = JSON.stringify(r.body);
      await trx
        .insertInto('content')
        .values({ key: r.key, lang: r.lang, body })
        .onConflict((oc) => oc.columns(['key', 'lang']).doUpdateSet({ body }))
        .execute();
    }
  });
}
