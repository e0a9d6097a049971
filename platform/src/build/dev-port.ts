/**
 * An app's dev server (`npm run dev -w mf-repay`, rspack serve) on a port something else holds: rspack's own answer is
 * a stack trace ending in EADDRINUSE. The usual holder is the local stack (scripts/start.sh serves every remote's
 * released version on its port), so the dev server is refused first with the port, the variable that moves it and
 * what to do.
 */
import { spawnSync } from 'node:child_process';

/** listens on argv[1] at argv[2] and lets go; the error's code on stdout when it cannot */
const PROBE =
  "const s=require('net').createServer();s.once('error',(e)=>{process.stdout.write(String(e.code));process.exit(1)});" +
  's.listen(Number(process.argv[1]),process.argv[2],()=>s.close(()=>process.exit(0)))';

/** the variable of an app's port (apps.config.mjs) */
export const portVariable = (app: { name: string }) => (app.name === 'host' ? 'HOST_PORT' : `${app.name.toUpperCase()}_PORT`);

/** Why `app`'s dev server cannot listen on its port at `host`, or null when it can (asked of a child: config files load synchronously). */
export function devPortProblem(app: { dir: string; name: string; port: number }, host: string): string | null {
  const r = spawnSync(process.execPath, ['-e', PROBE, String(app.port), host], { encoding: 'utf8', timeout: 10_000 });
  if (r.status === 0) return null;
  const code = r.stdout.trim() || r.error?.message || `exit ${r.status}`;
  if (code !== 'EADDRINUSE') return `${app.dir}'s dev server cannot listen on ${host}:${app.port} (${code})`;
  return (
    `${app.dir}'s dev server cannot start: port ${app.port} (${portVariable(app)}) is already in use, ` +
    `most likely by the local stack (scripts/start.sh serves ${app.dir}'s released version there).\n` +
    `  Give the dev server a port of its own: ${portVariable(app)}=<a free port> npm run dev -w ${app.dir}\n` +
    `  or stop what holds ${app.port} (the composed app with every remote in dev servers: npm run dev, without start.sh).`
  );
}

/** rspack's CLI was asked to serve (`rspack serve` and its aliases), not to build */
export const isServing = (argv = process.argv) => ['serve', 'server', 's', 'dev'].includes(argv[2] ?? '');
