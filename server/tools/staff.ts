/**
 * Staff accounts from the command line: `npm run staff -w server -- create-admin --name "Ayesha Khan" [--username ayesha]`.
 * There is no default account or password: the first admin is made here (on the server's database, with the
 * server's environment: DATABASE_URL or DATA_DIR, DATA_KEY), and every other account by an admin through the
 * staff API. The password and the TOTP secret are printed once and stored only hashed (the secret sealed).
 * On PGlite the server must be stopped first (one process per data directory).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/settings/config';
import { openDb } from '../src/db';
import { configureAtRest } from '../src/db/atRest';
import { createStaffAccount, StaffRefusal, USERNAME } from '../src/services/staffAuth';

const USAGE = 'usage: npm run staff -w server -- create-admin --name "<full name>" [--username <login>]';

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { name: { type: 'string' }, username: { type: 'string' } } });
  if (positionals[0] !== 'create-admin' || !values.name?.trim()) throw new Error(USAGE);
  const name = values.name.trim();
  const username = (values.username ?? name.split(/\s+/)[0]).toLowerCase();
  if (!USERNAME.test(username)) throw new Error(`--username must be 3-40 of a-z 0-9 . _ - starting with a letter (got "${username}")\n${USAGE}`);
  const cfg = loadConfig();
  configureAtRest(cfg.dataKey);
  const { db, close } = await openDb(cfg);
  try {
    const a = await createStaffAccount({ db, cfg }, null, { username, name, role: 'admin' });
    console.log(`admin "${a.staff.username}" (${a.staff.name}) created. Shown once, keep them now:
  password:     ${a.password}
  TOTP secret:  ${a.totpSecret}
  TOTP URL:     ${a.totpUrl}
Add the secret (or the URL as a QR code) to an authenticator app, sign in with POST /staff/session, then change
the password (POST /staff/me/password).`);
  } finally {
    await close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof StaffRefusal ? `refused: ${e.message}` : e instanceof Error ? e.message : e);
  process.exit(1);
});
