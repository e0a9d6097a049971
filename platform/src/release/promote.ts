/**
 * Environments (issue 42): staging and production are each a bucket and a registry of their own (RELEASES_DIR,
 * RELEASES_DB_URL), with their own host and API. A squad releases to staging; production takes only what staging runs
 * (RELEASES_PROMOTED_ONLY=1 there): the version current in staging, its folder and its squad's signature as they are,
 * released again through production's own fit checks and smoke load. Nothing is rebuilt on the way, so production runs
 * the very bytes staging ran, under the same version id (a version is named by its content).
 */
import fs from 'node:fs';
import path from 'node:path';
import { remoteDir, type App } from '../core/store';
import { pointerOf, type Registry } from '../core/registry';
import { SIGNATURE_FILE, type SignatureFile } from '../core/signing';
import { Refused } from './release';

export interface Promotion {
  /** staging's version folder: the build production releases */
  from: string;
  /** its squad's signature, as staging published it */
  signed: SignatureFile;
  /** the version, current in staging */
  id: string;
  /** where it comes from, for production's log */
  promotedFrom: string;
}

/** What promoting `app` from the environment at `source` releases: the version current there (its canary stays there). */
export async function promotionFrom(source: { releasesDir: string; registry: Registry }, app: App): Promise<Promotion> {
  const where = source.registry.where;
  const id = pointerOf(await source.registry.read(), app).current;
  if (!id) throw new Refused(`${app.dir} has no current version in ${where}: release it there first`);
  const from = path.join(remoteDir(source.releasesDir, app), id);
  const signature = path.join(from, SIGNATURE_FILE);
  if (!fs.existsSync(signature)) throw new Refused(`${app.dir} ${id} in ${where} has no ${SIGNATURE_FILE}: only a signed release is promoted`);
  return { from, signed: JSON.parse(fs.readFileSync(signature, 'utf8')) as SignatureFile, id, promotedFrom: `${where} (${id} current there)` };
}
