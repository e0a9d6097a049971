/** The profiles table: each borrower's saved forms (JSON; national IDs sealed at rest) and card reading. */
import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import type { Req } from '../api/calls';
import { jsonb } from '../db/json';

export type ProfileRow = Selectable<DB['profiles']>;
/** the personal info as saved (saveBasicInfo's request; nationalId sealed at rest) */
export type SavedBasic = Req<'saveBasicInfo'>;
/** the work info as saved; rows from before the salary bands hold the income in rupees */
export type SavedAddition = Omit<Req<'saveAdditionInfo'>, 'monthlySalary'> & { monthlySalary?: Req<'saveAdditionInfo'>['monthlySalary'] | number };

export const profileOf = (db: Db, userId: number): Promise<ProfileRow | undefined> =>
  db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();

type Saved = Partial<Pick<ProfileRow, 'national_id_index' | 'images_done_at'>> & {
  basic?: unknown;
  addition?: unknown;
  questionnaire?: unknown;
  ocr?: unknown;
};
/** writes the given parts of the profile (JSON parts as JSON) */
export async function saveProfile(db: Db, userId: number, parts: Saved, now: number | null): Promise<void> {
  const { basic, addition, questionnaire, ocr, ...plain } = parts;
  await db
    .updateTable('profiles')
    .set({
      ...plain,
      ...(basic !== undefined ? { basic: jsonb(basic) } : {}),
      ...(addition !== undefined ? { addition: jsonb(addition) } : {}),
      ...(questionnaire !== undefined ? { questionnaire: jsonb(questionnaire) } : {}),
      ...(ocr !== undefined ? { ocr: jsonb(ocr) } : {}),
      ...(now !== null ? { updated_at: now } : {}),
    })
    .where('user_id', '=', userId)
    .execute();
}
