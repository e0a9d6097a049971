/**
 * A release made from the remote's sources first passes the remote's own checks, as its squad
 * runs them (its package scripts): typecheck, lint and unit tests. A release of a folder built
 * elsewhere (`--from`) was checked where it was built; both are smoke-loaded (smoke.ts).
 */
import { spawnSync } from 'node:child_process';

export const SOURCE_CHECKS = ['typecheck', 'lint', 'test'];
const TAIL_LINES = 30;

/** Runs each check in `root` for the remote in `dir`; answers the first that fails with the end of its output, or null. */
export function sourceProblem({ root, dir, log = console.log }: { root: string; dir: string; log?: (line: string) => void }): string | null {
  for (const script of SOURCE_CHECKS) {
    const t0 = Date.now();
    const r = spawnSync('npm', ['run', script, '-w', dir], { cwd: root, encoding: 'utf8', env: { ...process.env, CI: '1' } });
    if (r.status !== 0) {
      const out = `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-TAIL_LINES).join('\n');
      return `npm run ${script} -w ${dir} failed:\n${out}`;
    }
    log(`  ${script}: ok in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  return null;
}
