/** `npm run parts:lock`: records each part's version and the hash of its files in shared/parts.lock.json (platform/src/build/parts.ts). */
import path from 'node:path';
import { writeLock } from '../build/parts';

try {
  for (const [name, { version }] of Object.entries(writeLock(path.resolve('shared')))) console.log(`${name} ${version}`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
