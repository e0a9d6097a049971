/** The consents table: every agreement to the device permissions, kept (rows are only added). */
import type { Db } from '../db';
import type { DevicePermission } from '../settings/policy';
import { z } from 'zod';
import C from '../api/contract';
import { jsonb, parseJson } from '../db/json';
import { iso } from '../core/time';

/** the borrower's latest agreement to `version` (the one asked now), or null */
export async function currentConsent(db: Db, userId: number, version: string) {
  const row = await db
    .selectFrom('consents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('version', '=', version)
    .orderBy('agreed_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  return {
    version: row.version,
    agreedAt: iso(Number(row.agreed_at)),
    permissions: parseJson(z.array(z.enum(C.DEVICE_PERMISSIONS)), row.permissions, `consents.permissions of row ${row.id}`),
  };
}

export async function addConsent(db: Db, userId: number, version: string, permissions: DevicePermission[], now: number): Promise<void> {
  await db
    .insertInto('consents')
    .values({ user_id: userId, version, permissions: jsonb(permissions), agreed_at: now })
    .execute();
}
