/** A dev server on a port something holds is refused with the port, its variable and what to do (dev-port.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { devPortProblem, isServing } from './dev-port';

test("a held port: the app's dev server is refused naming the port, its variable and what to do; a free one: no problem", async (t) => {
  const holder = net.createServer();
  await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
  t.after(() => holder.close());
  const port = (holder.address() as AddressInfo).port;
  const repay = { dir: 'mf-repay', name: 'mf_repay', port };
  const problem = devPortProblem(repay, '127.0.0.1');
  assert.ok(problem);
  assert.match(problem, new RegExp(`^mf-repay's dev server cannot start: port ${port} \\(MF_REPAY_PORT\\) is already in use`));
  assert.match(problem, /scripts\/start\.sh serves mf-repay's released version there/);
  assert.match(problem, /MF_REPAY_PORT=<a free port> npm run dev -w mf-repay/);
  assert.doesNotMatch(problem, /EADDRINUSE/);
  assert.match(devPortProblem({ dir: 'host', name: 'host', port }, '127.0.0.1') ?? '', /\(HOST_PORT\)/);
  await new Promise<void>((r) => holder.close(() => r()));
  assert.equal(devPortProblem(repay, '127.0.0.1'), null);
});

test('serving is rspack serve or its aliases, not a build', () => {
  assert.equal(isServing(['node', 'rspack.js', 'serve']), true);
  assert.equal(isServing(['node', 'rspack.js', 'dev']), true);
  assert.equal(isServing(['node', 'rspack.js', 'build']), false);
  assert.equal(isServing(['node', 'rspack.js']), false);
});
