/** Each module the host provides in a package's stead has every name the code taking it from the share scope imports, as the package has it. */
import fs from 'node:fs';
import path from 'node:path';
import * as i18nBinding from 'react-i18next';
import * as hookForm from 'react-hook-form';
import * as providedBinding from '../react-i18next';
import * as providedHookForm from '../react-hook-form';

const ROOT = path.join(__dirname, '../../../..');
/** the code that takes these packages from the share scope: the remotes, and the kit and its form bindings (parts of their own) */
const SHARE_USERS = ['mf-onboarding/src', 'mf-loan/src', 'mf-repay/src', 'mf-usercenter/src', 'shared/src/ui', 'shared/src/forms'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' ? [] : sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}
const code = SHARE_USERS.flatMap((d) => sources(path.join(ROOT, d))).map((file) => fs.readFileSync(file, 'utf8'));

/** the values imported from a package (`import type` and `type X` specifiers are types) */
function valuesImported(pkg: string): Set<string> {
  const names = code.flatMap((text) =>
    [...text.matchAll(new RegExp(`import \\{([^}]*)\\} from '${pkg}'`, 'g'))].flatMap((m) => m[1].split(',').map((s) => s.trim())),
  );
  return new Set(names.filter((n) => n && !n.startsWith('type ')));
}

it.each([
  ['react-i18next', i18nBinding, providedBinding, 'useTranslation'],
  ['react-hook-form', hookForm, providedHookForm, 'useForm'],
])('%s: the provided module has what the code imports', (pkg, real, provided, surely) => {
  const names = valuesImported(pkg);
  expect(names.has(surely)).toBe(true);
  for (const name of names) expect(provided[name as keyof typeof provided]).toBe(real[name as keyof typeof real]);
});
