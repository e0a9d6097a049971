/**
 * react-router is bundled inside `shared` rather than federated (rspack.config.base.ts):
 * a remote or the host importing it directly would get a second copy with its own
 * router context. They must take the hooks from 'shared'.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

it('no app code outside shared imports react-router directly', () => {
  const offenders = ['host', 'mf-onboarding', 'mf-loan', 'mf-repay', 'mf-usercenter']
    .flatMap((app) => sources(path.join(root, app, 'src')))
    .filter((file) => /from ['"]react-router(-dom)?['"]/.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
  expect(offenders).toEqual([]);
});
