/**
 * `npm run sandbox -w server`: the rails, SMS and bureau sandbox as a process of its own (sandbox.ts), started by the stack
 * (platform/src/stack/start.ts). Settings: server/README.md "Money rails".
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_MERCHANT, SANDBOX_SALT } from '../src/providers/rails/protocol';
import { SANDBOX_SMS_KEY, SANDBOX_SMS_SECRET } from '../src/providers/sms/protocol';
import { SANDBOX_BUREAU_MEMBER, SANDBOX_BUREAU_SECRET } from '../src/providers/bureau/protocol';
import { startSandbox, type FaultRates } from './sandbox';

const env = process.env;
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name: string, d: number) => {
  const v = env[name]?.trim();
  const n = v ? Number(v) : d;
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: must be a number of 0 or more (got "${v}")`);
  return n;
};
const rate = (name: string) => {
  const n = num(name, 0);
  if (n > 1) throw new Error(`${name}: must be between 0 and 1 (got ${n})`);
  return n;
};
const faults: FaultRates = {
  timeout: rate('SANDBOX_TIMEOUT_RATE'),
  lose: rate('SANDBOX_LOSE_RATE'),
  duplicate: rate('SANDBOX_DUPLICATE_RATE'),
  reorder: rate('SANDBOX_REORDER_RATE'),
};
const [lo, hi] = (env.SANDBOX_DELAY_MS?.trim() || '0').split('-').map((x) => Number(x));
if (!Number.isFinite(lo) || lo < 0 || (hi !== undefined && !(hi >= lo))) throw new Error('SANDBOX_DELAY_MS: a number of ms or a range lo-hi');

const sandbox = await startSandbox({
  port: num('SANDBOX_PORT', 4900),
  host: env.SANDBOX_HOST?.trim() || '127.0.0.1',
  dataDir: path.resolve(env.SANDBOX_DATA_DIR?.trim() || path.join(serverRoot, 'data', 'sandbox')),
  config: {
    merchantId: env.RAILS_MERCHANT_ID?.trim() || SANDBOX_MERCHANT,
    salt: env.RAILS_INTEGRITY_SALT?.trim() || SANDBOX_SALT,
    delayMs: [lo, hi ?? lo],
    hangMs: num('SANDBOX_HANG_MS', 15_000),
    failRate: { disburse: rate('SANDBOX_DISBURSE_FAILURE_RATE'), collect: rate('SANDBOX_COLLECT_FAILURE_RATE') },
    faults,
    sms: {
      apiKey: env.SMS_API_KEY?.trim() || SANDBOX_SMS_KEY,
      secret: env.SMS_SECRET?.trim() || SANDBOX_SMS_SECRET,
      reportDelayMs: num('SANDBOX_SMS_REPORT_DELAY_MS', 0),
      onText: (to, text) => console.log(`sandbox SMS to +${to}: ${text}`),
    },
    bureau: { memberCode: env.BUREAU_MEMBER_CODE?.trim() || SANDBOX_BUREAU_MEMBER, secret: env.BUREAU_SECRET?.trim() || SANDBOX_BUREAU_SECRET },
  },
});
console.log(`rails, SMS and credit bureau sandbox on ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
