/**
 * The migrations, one file each (`NNNN_name.ts`, applied in name order by Kysely's Migrator: db/migrate.ts).
 * Listed here by static import, not read from the folder at run time (Kysely's FileMigrationProvider):
 * the server runs as one esbuild bundle (build.mjs, dist/main.js) with no src/ beside it, and a static
 * list puts every migration in the bundle and fails the typecheck when one is missing. A new migration
 * is a new file and a line here; an applied one is never edited.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_money_ledger';
import * as m0003 from './0003_shared_blobs_rate_limits';
import * as m0004 from './0004_keyed_hashes';
import * as m0005 from './0005_penalty_carried';
import * as m0006 from './0006_card_coupon';
import * as m0007 from './0007_bank_codes';
import * as m0008 from './0008_permission_agreements';
import * as m0009 from './0009_penalty_on_principal_outstanding';
import * as m0010 from './0010_verified_accounts';
import * as m0011 from './0011_remote_fallbacks';
import * as m0012 from './0012_double_entry_ledger';
import * as m0013 from './0013_waivers';
import * as m0014 from './0014_market_profile';
import * as m0015 from './0015_ledger_backfill';
import * as m0016 from './0016_session_last_seen';
import * as m0017 from './0017_operations_console';
import * as m0018 from './0018_console_queues';
import * as m0019 from './0019_money_rails';
import * as m0021 from './0021_notices_sms';
import * as m0022 from './0022_payout_retry';
import * as m0023 from './0023_queue_claims';
import * as m0024 from './0024_notice_texts_reminders';
import * as m0025 from './0025_release_reports';
import * as m0026 from './0026_bureau_submissions';
import * as m0027 from './0027_push_subscriptions';
import * as m0028 from './0028_refund_transfers';

/** what a data migration may ask of the server starting it */
export interface MigrationContext {
  /** the business clock's time (a data migration's "now") */
  now(): number;
}

type Module = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

const MODULES: Record<string, Module> = {
  '0001_initial': m0001,
  '0002_money_ledger': m0002,
  '0003_shared_blobs_rate_limits': m0003,
  '0004_keyed_hashes': m0004,
  '0005_penalty_carried': m0005,
  '0006_card_coupon': m0006,
  '0007_bank_codes': m0007,
  '0008_permission_agreements': m0008,
  '0009_penalty_on_principal_outstanding': m0009,
  '0010_verified_accounts': m0010,
  '0011_remote_fallbacks': m0011,
  '0012_double_entry_ledger': m0012,
  '0013_waivers': m0013,
  '0014_market_profile': m0014,
  '0015_ledger_backfill': { up: (db, ctx) => m0015.up(db, ctx.now) },
  '0016_session_last_seen': m0016,
  '0017_operations_console': m0017,
  '0018_console_queues': m0018,
  '0019_money_rails': m0019,
  '0021_notices_sms': m0021,
  '0022_payout_retry': m0022,
  '0023_queue_claims': m0023,
  '0024_notice_texts_reminders': m0024,
  '0025_release_reports': m0025,
  '0026_bureau_submissions': m0026,
  '0027_push_subscriptions': m0027,
  '0028_refund_transfers': m0028,
};

/** the migrations' names, in the order they apply */
export const MIGRATION_NAMES = Object.keys(MODULES).sort();

/** Kysely's provider of the migrations above, each run with `ctx` */
export function migrationProvider(ctx: MigrationContext): MigrationProvider {
  return {
    getMigrations: async () => Object.fromEntries(Object.entries(MODULES).map(([name, m]): [string, Migration] => [name, { up: (db) => m.up(db, ctx) }])),
  };
}
