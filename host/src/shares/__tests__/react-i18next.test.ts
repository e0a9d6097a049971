/** The share's react-i18next has every name the remotes and the kit (which take it from the share scope) import. */
import fs from 'node:fs';
import path from 'node:path';
import * as real from 'react-i18next';
import * as provided from '../react-i18next';

const ROOT = path.join(__dirname, '../../../..');
const SHARE_USERS = ['mf-onboarding/src', 'mf-loan/src', 'mf-repay/src', 'mf-usercenter/src', 'shared/src/ui', 'shared/src/forms'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' ? [] : sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

it('has every name the remotes and the kit import from react-i18next, as the package has it', () => {
  const named = SHARE_USERS.flatMap((d) => sources(path.join(ROOT, d))).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from 'react-i18next'/g)].flatMap((m) => m[1].split(',').map((s) => s.trim())),
  );
  expect(named.length).toBeGreaterThan(50);
  for (const name of new Set(named)) expect(provided[name as keyof typeof provided]).toBe(real[name as keyof typeof real]);
});
