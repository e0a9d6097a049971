/**
 * The suite drives the native wrapper simulator, which only QA builds contain
 * (platform/src/build/native-sim.ts): say so at once instead of failing the wrapper's tests one by one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DIST_DIR } from '../apps.config.mjs';
import { NATIVE_SIM_MARKER } from '../platform/src/build/native-sim';

export default function globalSetup() {
  const dist = path.join(__dirname, '..', 'host', DIST_DIR);
  const scripts = fs.existsSync(dist) ? fs.readdirSync(dist).filter((f) => f.endsWith('.js')) : [];
  if (!scripts.some((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes(NATIVE_SIM_MARKER))) {
    throw new Error(`host/${DIST_DIR} has no native wrapper simulator: build with NATIVE_SIM=1 NODE_ENV=production npm run build`);
  }
}
