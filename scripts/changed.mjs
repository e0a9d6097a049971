/**
 * What `node scripts/test.mjs --changed` runs: the files changed since the branch left main (committed,
 * staged, unstaged and untracked), and the server test files whose imports reach one of them. When in
 * doubt it runs more: a change the import graph cannot see (not a .ts file, a package file) runs every
 * server test file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const git = (root, ...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

export function changedFiles(root, base = 'main') {
  const since = git(root, 'merge-base', 'HEAD', base)[0];
  const files = [...git(root, 'diff', '--name-only', since), ...git(root, 'ls-files', '--others', '--exclude-standard')];
  return [...new Set(files)].sort(); // deleted ones too: a server file deleted runs every server test (below)
}

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;
const EXT = ['', '.ts', '.tsx', '.mjs', '.js', '.cjs', '/index.ts'];

/** the file a specifier names: relative, or the workspace package `shared` through its exports */
function resolve(root, from, spec) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec === 'shared' || spec.startsWith('shared/')) {
    const exp = JSON.parse(fs.readFileSync(path.join(root, 'shared/package.json'), 'utf8')).exports;
    const target = exp[spec === 'shared' ? '.' : `./${spec.slice('shared/'.length)}`];
    if (!target) return null;
    base = path.join(root, 'shared', target);
  } else return null;
  for (const e of EXT) if (fs.existsSync(base + e) && fs.statSync(base + e).isFile()) return base + e;
  return null;
}

/** every project file a file imports, transitively (relative paths) */
export function importClosure(root, file) {
  const seen = new Set();
  const walk = (abs) => {
    if (seen.has(abs)) return;
    seen.add(abs);
    if (!fs.existsSync(abs)) return;
    for (const [, spec] of fs.readFileSync(abs, 'utf8').matchAll(IMPORT)) {
      const dep = resolve(root, abs, spec);
      if (dep) walk(dep);
    }
  };
  walk(path.join(root, file));
  return new Set([...seen].map((f) => path.relative(root, f)));
}

/** the server test files to run for these changes: all of them when a change could reach them unseen */
export function affectedServerTests(root, changed) {
  const all = fs.readdirSync(path.join(root, 'server/test')).filter((f) => f.endsWith('.test.ts'));
  const closures = new Map(all.map((t) => [t, importClosure(root, `server/test/${t}`)]));
  const reached = (f) => [...closures.values()].some((c) => c.has(f));
  // a server file no test imports (a package file, a worker, a script, a migration's data): it may still change them all
  if (changed.some((f) => f.startsWith('server/') && !f.startsWith('server/test/cluster/') && !reached(f))) return all;
  return all.filter((t) => changed.some((f) => closures.get(t).has(f)));
}

/** the cluster test (three instances behind HAProxy, nginx in front) for a change to the server, the contract, the cluster's
 *  code or the proxy configuration it runs behind */
export const clusterAffected = (changed) =>
  changed.some((f) =>
    /^(server\/(src|test\/cluster)\/|server\/package\.json$|shared\/src\/contract\/|platform\/src\/(stack\/(cluster|nginx)|core\/security-headers)\.ts$|scripts\/with-postgres\.)/.test(
      f,
    ),
  );
