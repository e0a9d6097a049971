/**
 * The production chain of the real-link benchmark (bench.mjs), made on this machine and removed again: two network
 * namespaces (the phone's and the servers'), joined only by the shaped link (link.mjs between two TUN devices); in the
 * servers' namespace dnsmasq answering the origins' names, the API (and the rails sandbox it talks to), and nginx with
 * the configuration the platform renders for the release (TLS 1.3 and HTTP/2, certificates of a test CA made here), over
 * a releases folder the release tool wrote (platform/src/bin/release-builds.ts) and its pre-rendered pages. Each origin has an address of its
 * own in the servers' namespace, so the link counts bytes and connections per origin. Only addresses inside the two
 * namespaces are used; the link's ends are loopback ports of this machine.
 * Everything made is recorded as it is made and removed by `stop()` (namespaces, their /etc/netns files, processes,
 * the TUN devices with their socat, the temporary folder), also when a step fails.
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from '../../../apps.config.mjs';
import { CHROMIUM_PATH } from '../../../platform/src/core/chromium.ts';
import { BROTLI_STATIC, NGINX, checkNginx, writeMain } from '../../../platform/src/core/nginx.ts';
import { releasedNginxConfig } from '../../../platform/src/core/security-headers.ts';
import { hostPublished } from '../../../platform/src/core/store.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** What the chain needs from Debian (installed when missing): binary -> package. */
export const NEEDS = {
  '/usr/sbin/ip': 'iproute2',
  '/usr/bin/socat': 'socat',
  '/usr/sbin/dnsmasq': 'dnsmasq-base',
  '/usr/bin/openssl': 'openssl',
  '/usr/bin/certutil': 'libnss3-tools',
  '/usr/sbin/nginx': 'nginx',
  [CHROMIUM_PATH]: 'chromium',
  '/usr/bin/chromium-headless-shell': 'chromium-headless-shell',
};

/** The origins' names (a reserved domain: RFC 6761's .test) and their addresses in the servers' namespace. */
const DOMAIN = 'loanmarket.test';
const CLIENT_ADDRESS = '10.44.0.1';
/** the servers' end of the link, where dnsmasq listens */
const SERVER_ADDRESS = '10.44.0.2';
const ORIGINS_NET = '10.44.1.0/24';
const API_PORT = 4000; // inside the servers' namespace: no port of this machine
const SANDBOX_PORT = 4900;
/** in a run's temporary folder: what it made (cleanStale) */
const RUN_FILE = 'run.json';
const TMP_PREFIX = 'lmb-bench-';

/** a process's start time (since boot, in clock ticks): with its id, names it even once the id is reused */
const startedAt = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
  } catch {
    return undefined;
  }
};
/** the processes inside namespace `name` (all of them the benchmark's) */
const pidsIn = (name) => (spawnSync('ip', ['netns', 'pids', name], { encoding: 'utf8' }).stdout ?? '').split(/\s+/).filter(Boolean).map(Number);
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Removes what an earlier run killed before its clean-up (SIGKILL, a power cut) left: its processes, namespaces and their
 * /etc/netns files, its temporary folder; only runs whose own process is gone, by what they recorded.
 */
export function cleanStale() {
  for (const name of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(TMP_PREFIX))) {
    const dir = path.join(os.tmpdir(), name);
    let made;
    try {
      made = JSON.parse(fs.readFileSync(path.join(dir, RUN_FILE), 'utf8'));
    } catch {
      continue;
    }
    if (alive(made.owner)) continue;
    console.log(`removing what an interrupted run (process ${made.owner}) left: ${made.namespaces.join(', ')}`);
    const inNamespaces = made.namespaces.flatMap(pidsIn);
    const ours = made.pids.filter(([pid, at]) => startedAt(pid) === at).map(([pid]) => pid);
    for (const pid of [...ours, ...inNamespaces]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    for (const n of made.namespaces) {
      spawnSync('ip', ['netns', 'del', n]);
      fs.rmSync(path.join('/etc/netns', n), { recursive: true, force: true });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const hostApp = APPS.find((a) => a.name === 'host');
/**
 * each app's origin: the host's page on its own name; each remote's bucket on a CDN name of its own, each on an address
 * of its own; `oneAddress`: all on the host's (one server answering every name); `paths`: each remote's bucket at
 * /<dir> of the host's origin (nginxConfig's locations by path)
 */
export const layout = ({ oneAddress = false, paths = false } = {}) => {
  const host = `https://app.${DOMAIN}`;
  return APPS.map((app, i) => ({
    app,
    origin: app === hostApp ? host : paths ? `${host}/${app.dir}` : `https://${app.dir.replace(/^mf-/, '')}.cdn.${DOMAIN}`,
    address: `10.44.1.${oneAddress || paths ? 1 : i + 1}`,
  }));
};

const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.error?.message ?? ''}${r.stderr}${r.stdout}`);
  return r.stdout;
};

/** installs what is missing (apt, as root); `brotli`: nginx's brotli module too */
export function install({ brotli = true } = {}) {
  const needs = { ...NEEDS, ...(brotli ? { [BROTLI_STATIC.module]: BROTLI_STATIC.package } : {}) };
  const missing = [...new Set(Object.entries(needs).flatMap(([bin, pkg]) => (fs.existsSync(bin) ? [] : [pkg])))];
  if (missing.length) {
    console.log(`installing ${missing.join(', ')}`);
    run('bash', [path.join(root, 'scripts/apt.sh'), ...missing], { stdio: 'inherit' });
  }
}

/**
 * Makes the chain; answers { origins, host, counters, reset, executablePath, inServer, stop }. `delayMs`, `rateKbit`,
 * `loss`: the link's; `port0`: the first of the four loopback ports its ends use; `onStop` is given the clean-up at
 * once (a signal while the chain is being made can run it). `brotli`: the configuration rendered with its brotli option
 * (the module loaded), as the deployment documents it; false, gzip only. `oneCertificate`: every origin on one address
 * with one certificate naming them all, so Chromium sends them all over one HTTP/2 connection (connection coalescing);
 * the link then counts them together, as the host's. `paths`: the remotes by path under the host's origin.
 */
export async function startChain({
  delayMs,
  rateKbit,
  loss,
  port0,
  brotli = true,
  oneCertificate = false,
  paths = false,
  log = console.log,
  onStop = () => {},
}) {
  const id = String(process.pid % 100000);
  const ns = { client: `lmb-cli-${id}`, server: `lmb-srv-${id}` };
  const tun = { client: `lmb-c${id}`, server: `lmb-s${id}` };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), TMP_PREFIX));
  const undo = []; // run backwards by stop()
  const children = [];
  let stopping;
  /** the clean-up, once: a second caller (a signal during a failing step) waits for the same */
  const stop = () => (stopping ??= cleanUp());
  async function cleanUp() {
    for (const c of children.reverse()) {
      if (c.exitCode !== null || c.signalCode !== null) continue;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    }
    for (const u of undo.reverse())
      try {
        u();
      } catch (e) {
        console.error(`clean-up: ${e.message}`);
      }
  }
  onStop(stop);
  /** a process started a moment ago still running (its log's end when it is not) */
  const running = async (child, what) => {
    await new Promise((r) => setTimeout(r, 300));
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited: ${child.output()}`);
  };
  /** a process in namespace `where` (or this one), its output in the run's logs, stopped by stop() */
  const start = (where, name, cmd, args, opts = {}) => {
    const file = path.join(tmp, 'logs', `${name}.log`);
    const fd = fs.openSync(file, 'a');
    const child = spawn(where ? 'ip' : cmd, where ? ['netns', 'exec', where, cmd, ...args] : args, { stdio: ['ignore', fd, fd], ...opts });
    fs.closeSync(fd);
    children.push(child);
    record();
    child.output = () => fs.readFileSync(file, 'utf8').slice(-4000);
    return child;
  };
  /** node code run to its end in namespace `where` (a poll of an address that only answers there) */
  const nodeIn = (where, code, env = {}) =>
    run('ip', ['netns', 'exec', where, process.execPath, '--input-type=module', '-e', code], { env: { ...process.env, ...env }, timeout: 180_000 });
  /** a step run to its end in namespace `where`, its output in the run's logs (a failure shows its end); answers its output */
  const step = async (where, name, cmd, args, opts) => {
    const child = start(where, name, cmd, args, opts);
    const code = await new Promise((r) => child.once('exit', r));
    if (code !== 0) throw new Error(`${name} failed (${code}):\n${child.output()}`);
    return child.output();
  };
  const waitFor = (where, url, env) =>
    nodeIn(
      where,
      `const until = Date.now() + 120000;
       for (;;) {
         try { await fetch(${JSON.stringify(url)}); process.exit(0); } catch (e) { if (Date.now() > until) { console.error(e.cause?.message ?? e.message); process.exit(1); } }
         await new Promise((r) => setTimeout(r, 300));
       }`,
      env,
    );

  /** what this run made, for a later run to remove if this one is killed before it can (cleanStale) */
  const made = { owner: process.pid, namespaces: Object.values(ns), pids: [] };
  const record = () => {
    made.pids = children.map((c) => [c.pid, startedAt(c.pid)]);
    fs.writeFileSync(path.join(tmp, RUN_FILE), JSON.stringify(made));
  };
  try {
    undo.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
    fs.mkdirSync(path.join(tmp, 'logs'));
    record();
    const origins = layout({ oneAddress: oneCertificate, paths });
    const host = origins[0].origin;

    // ---- the namespaces and the link between them
    for (const name of Object.values(ns)) {
      run('ip', ['netns', 'add', name]);
      undo.push(() => {
        // what is left inside (a browser a killed step started) goes with it
        for (const pid of pidsIn(name)) process.kill(pid, 'SIGKILL');
        run('ip', ['netns', 'del', name]);
      });
      // ip netns exec mounts these over /etc/resolv.conf inside the namespace: its names are asked of dnsmasq
      const etc = path.join('/etc/netns', name);
      fs.mkdirSync(etc, { recursive: true });
      undo.push(() => fs.rmSync(etc, { recursive: true, force: true }));
      fs.writeFileSync(path.join(etc, 'resolv.conf'), `nameserver ${SERVER_ADDRESS}\noptions attempts:2 timeout:5\n`);
      run('ip', ['-n', name, 'link', 'set', 'lo', 'up']);
    }
    const ports = { clientPort: port0, clientPeer: port0 + 1, serverPort: port0 + 2, serverPeer: port0 + 3 };
    const link = fork(path.join(HERE, 'link.mjs'), [
      ...Object.entries(ports).flatMap(([k, v]) => [`--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, String(v)]),
      ...['--delay-ms', String(delayMs), '--rate-kbit', String(rateKbit), '--loss', String(loss)],
    ]);
    children.push(link);
    record();
    await new Promise((resolve, reject) => {
      link.once('message', resolve);
      link.once('exit', (code) => reject(new Error(`the link exited with ${code} (its ports, 127.0.0.1:${port0}-${port0 + 3}, taken? --port0 moves them)`)));
    });
    // each end: a TUN device socat opens here and hands over as datagrams, then moved into its namespace (socat keeps it
    // open there; the device goes when socat does)
    for (const [end, linkPort, peer] of [
      ['client', ports.clientPort, ports.clientPeer],
      ['server', ports.serverPort, ports.serverPeer],
    ]) {
      const socat = start(null, `socat-${end}`, 'socat', [
        '-b',
        '65536',
        `TUN,tun-name=${tun[end]},tun-type=tun,iff-no-pi`,
        `UDP-DATAGRAM:127.0.0.1:${linkPort},bind=127.0.0.1:${peer}`,
      ]);
      for (let i = 0; spawnSync('ip', ['link', 'show', tun[end]]).status !== 0; i++) {
        if (socat.exitCode !== null || i > 100) throw new Error(`socat did not open ${tun[end]}: ${socat.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      run('ip', ['link', 'set', tun[end], 'netns', ns[end]]);
      // moved the moment it appeared, before socat had set it up, a device has been seen gone with socat: said so
      for (let i = 0; spawnSync('ip', ['-n', ns[end], 'link', 'show', tun[end]]).status !== 0; i++) {
        if (socat.exitCode !== null || i > 100) throw new Error(`${tun[end]} is not in ${ns[end]}: ${socat.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    run('ip', ['-n', ns.client, 'addr', 'add', CLIENT_ADDRESS, 'peer', SERVER_ADDRESS, 'dev', tun.client]);
    run('ip', ['-n', ns.client, 'link', 'set', tun.client, 'up']);
    run('ip', ['-n', ns.client, 'route', 'add', ORIGINS_NET, 'dev', tun.client]);
    run('ip', ['-n', ns.server, 'addr', 'add', SERVER_ADDRESS, 'peer', CLIENT_ADDRESS, 'dev', tun.server]);
    for (const address of new Set(origins.map((o) => o.address))) run('ip', ['-n', ns.server, 'addr', 'add', `${address}/32`, 'dev', tun.server]);
    run('ip', ['-n', ns.server, 'link', 'set', tun.server, 'up']);

    // ---- names: one round trip on the link to the servers' dnsmasq
    const dns = start(ns.server, 'dnsmasq', 'dnsmasq', [
      '--keep-in-foreground',
      '--conf-file=/dev/null',
      '--no-resolv',
      '--no-hosts',
      '--bind-interfaces',
      `--listen-address=${SERVER_ADDRESS}`,
      '--pid-file=',
      '--local-ttl=300',
      ...[...new Set(origins.map((o) => `--host-record=${new URL(o.origin).hostname},${o.address}`))],
    ]);
    await running(dns, 'dnsmasq');

    // ---- a test CA, a certificate per origin, and the phone's (Chromium's NSS) trust of the CA
    const tls = path.join(tmp, 'tls');
    fs.mkdirSync(tls);
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    const ca = path.join(tls, 'ca.crt');
    run('openssl', ['req', '-x509', ...ec, '-days', '2', '-subj', '/CN=LoanMarket benchmark test CA', '-keyout', path.join(tls, 'ca.key'), '-out', ca]);
    // a certificate per origin, or one naming every origin (copied under each name, where the configuration looks)
    const names = [...new Set(origins.map((o) => new URL(o.origin).hostname))];
    for (const [i, name] of names.entries()) {
      const at = (ext) => path.join(tls, `${name}.${ext}`);
      if (oneCertificate && i > 0) {
        for (const ext of ['crt', 'key']) fs.copyFileSync(path.join(tls, `${names[0]}.${ext}`), at(ext));
        continue;
      }
      const sans = (oneCertificate ? names : [name]).map((n) => `DNS:${n}`).join(',');
      fs.writeFileSync(at('ext'), `subjectAltName=${sans}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n`);
      run('openssl', ['req', ...ec, '-subj', `/CN=${name}`, '-keyout', at('key'), '-out', at('csr')]);
      run('openssl', [
        'x509',
        '-req',
        '-in',
        at('csr'),
        '-CA',
        ca,
        '-CAkey',
        path.join(tls, 'ca.key'),
        '-CAcreateserial',
        '-days',
        '2',
        '-extfile',
        at('ext'),
        '-out',
        at('crt'),
      ]);
    }
    const home = path.join(tmp, 'home');
    const nssdb = `sql:${path.join(home, '.pki/nssdb')}`;
    fs.mkdirSync(path.join(home, '.pki/nssdb'), { recursive: true });
    run('certutil', ['-d', nssdb, '-N', '--empty-password']);
    run('certutil', ['-d', nssdb, '-A', '-t', 'C,,', '-n', 'LoanMarket benchmark test CA', '-i', ca]);
    /** a process of the chain that fetches the origins: the CA trusted by Node and by Chromium ($HOME's NSS database) */
    const trusting = { HOME: home, NODE_EXTRA_CA_CERTS: ca };

    // ---- the API (compiled as the production start does) and the payment provider's sandbox it talks to
    run(process.execPath, ['build.mjs'], { cwd: path.join(root, 'server') });
    const serverEnv = {
      ...process.env,
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'api-data'),
      RAILS_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
    };
    start(ns.server, 'sandbox', process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/main.ts'], {
      cwd: path.join(root, 'server'),
      env: { ...process.env, SANDBOX_PORT: String(SANDBOX_PORT), SANDBOX_DATA_DIR: path.join(tmp, 'sandbox-data') },
    });
    const api = start(ns.server, 'api', process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd: path.join(root, 'server'), env: serverEnv });
    log('the API is starting (a fresh embedded database)');
    try {
      waitFor(ns.server, `http://127.0.0.1:${API_PORT}/health`);
    } catch (e) {
      throw new Error(`the API did not answer: ${e.message}\n${api.output()}`, { cause: e });
    }

    // ---- the release tool's output: the remotes released with their https origins, the host's page and remotes.json
    const site = path.join(tmp, 'site');
    fs.mkdirSync(path.join(site, hostApp.dir), { recursive: true });
    fs.symlinkSync(path.join(root, hostApp.dir, 'dist'), path.join(site, hostApp.dir, 'dist'));
    const releasesDir = path.join(site, 'releases');
    const originsByDir = Object.fromEntries(origins.map((o) => [o.app.dir, o.origin]));
    await step(
      ns.server,
      'release',
      process.execPath,
      ['--import', 'tsx', 'platform/src/bin/release-builds.ts', '--api', `http://127.0.0.1:${API_PORT}`, '--origins', JSON.stringify(originsByDir)],
      {
        cwd: root,
        env: { ...process.env, RELEASES_DIR: releasesDir },
      },
    );

    // ---- nginx: the configuration rendered for this release (checked by `nginx -t` first), then again with its pages
    const nginxDir = path.join(tmp, 'nginx');
    fs.mkdirSync(nginxDir);
    const modules = brotli ? [BROTLI_STATIC.module] : [];
    const config = () =>
      releasedNginxConfig(releasesDir, {
        origins: { host, remotes: origins.slice(1).map((o) => o.origin), api: host },
        root: site,
        apiUpstream: `127.0.0.1:${API_PORT}`,
        logDir: nginxDir,
        tlsDir: tls,
        staffOrigins: [],
        brotli,
      });
    let nginx;
    const startNginx = async () => {
      const text = config();
      const checked = checkNginx(nginxDir, text, modules);
      if (!checked.ok) throw new Error(`nginx -t refused the rendered configuration:\n${checked.output}`);
      fs.writeFileSync(path.join(nginxDir, 'loanmarket.conf'), text);
      nginx = start(ns.server, 'nginx', NGINX ?? 'nginx', [
        '-p',
        nginxDir,
        '-e',
        `${nginxDir}/error.log`,
        '-c',
        writeMain(nginxDir, text, modules),
        '-g',
        'daemon off; master_process off;',
      ]);
      await running(nginx, 'nginx');
      waitFor(ns.server, `${host}/remotes.json`, trusting);
    };
    const stopNginx = async () => {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    };
    await startNginx();
    log('pre-rendering the entry pages through nginx');
    await step(ns.server, 'prerender', process.execPath, ['--import', 'tsx', 'platform/src/bin/prerender.ts', '--host', host], {
      cwd: root,
      env: { ...process.env, ...trusting, RELEASES_DIR: releasesDir },
    });
    if (!fs.existsSync(path.join(hostPublished(releasesDir), 'pages'))) throw new Error('no pre-rendered pages were published');
    await stopNginx();
    await startNginx();

    // ---- the phone: Chromium in the client's namespace (by a launcher Playwright runs as its executable)
    const launcher = path.join(tmp, 'chromium-in-client');
    fs.writeFileSync(launcher, `#!/bin/sh\nexec ip netns exec ${ns.client} env HOME=${home} ${CHROMIUM_PATH} "$@"\n`, { mode: 0o755 });

    const ask = (m) =>
      new Promise((resolve) => {
        link.once('message', (r) => resolve(r.counters));
        link.send(m);
      });
    return {
      origins,
      host,
      dnsAddress: SERVER_ADDRESS,
      executablePath: launcher,
      /** per server address: bytes and packets each way, connections opened, DNS queries, since the last reset */
      counters: () => ask('counters'),
      reset: () => link.send('reset'),
      /** a node script (tsx) run beside the servers, trusting the CA: its output */
      inServer: (name, args) => step(ns.server, name, process.execPath, ['--import', 'tsx', ...args], { cwd: root, env: { ...process.env, ...trusting } }),
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
