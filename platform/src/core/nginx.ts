/**
 * A real nginx (Debian's, scripts/setup.sh) for tests of the production proxy's configuration (`nginxConfig` of
 * core/security-headers.ts): in the foreground, on a temporary prefix, the rendered configuration inside an http
 * block shaped as Debian's /etc/nginx/nginx.conf includes a site (its own access log in the combined format, query
 * strings included, which a server of the configuration must replace).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

/** Debian's brotli module for nginx, which `nginxConfig({ brotli: true })` needs loaded: its file and its package. */
export const BROTLI_STATIC = { module: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so', package: 'libnginx-mod-http-brotli-static' };
export const HAS_BROTLI_STATIC = fs.existsSync(BROTLI_STATIC.module);

/**
 * the http block's content `config` as nginx's main file in `dir` (a Debian-shaped http block around it), loading the
 * dynamic `modules` (files, as Debian's modules-enabled/ loads them); answers its path
 */
export function writeMain(dir: string, config: string, modules: string[] = []): string {
  const types = fs.existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;\n' : '';
  const file = path.join(dir, 'nginx.conf');
  const load = modules.map((m) => `load_module ${m};\n`).join('');
  fs.writeFileSync(file, `${load}error_log ${dir}/error.log;\npid ${dir}/nginx.pid;\nevents {}\nhttp {\n${types}access_log ${dir}/access.log;\n${config}}\n`);
  return file;
}

/** `nginx -t` of `config` (the http block's content, with `modules` loaded) in `dir`: what a fresh nginx says of it before it starts */
export function checkNginx(dir: string, config: string, modules: string[] = []): { ok: boolean; output: string } {
  const r = spawnSync(NGINX ?? 'nginx', ['-t', '-p', dir, '-e', `${dir}/error.log`, '-c', writeMain(dir, config, modules)], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

/**
 * Starts nginx in `dir` with `config` (the http block's content, with `modules` loaded) and waits until `port` answers.
 * Its error log is `dir`/error.log, the http block's default access log `dir`/access.log. Answers a stop function.
 */
export async function startNginx(dir: string, config: string, port: number, modules: string[] = []): Promise<() => Promise<void>> {
  const main = writeMain(dir, config, modules);
  const child = spawn(NGINX ?? 'nginx', ['-p', dir, '-e', `${dir}/error.log`, '-c', main, '-g', 'daemon off; master_process off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (waited > 10_000) throw new Error(`nginx did not answer: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
}
