/**
 * `npm run dev -w <remote>` swaps an edited component in place (React Refresh) instead of reloading the page: the rspack
 * CLI says it serves only in a config function's env, and the refresh was keyed to a variable it never sets
 * (rspack.config.base.ts `serving`). mf-usercenter's dev server on a free port, its standalone page, one of its
 * components edited and put back. (Not in the release stage: the production builds read the same sources beside it.)
 */
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { freePort } from '../../platform/src/core/ports';

const ROOT = path.resolve(__dirname, '../..');
const SCREEN = path.join(ROOT, 'mf-usercenter/src/screens/me/MeScreen.tsx');
const LINE = "{t('me.guest')}</p>";

test('a component edited under npm run dev is swapped in place: the page is not reloaded, the change shows', async ({ page }) => {
  test.setTimeout(180_000);
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'serve'], {
    cwd: path.join(ROOT, 'mf-usercenter'),
    env: { ...process.env, NODE_ENV: 'development', MF_USERCENTER_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  // without the terminal's colours, which split the CLI's words
  const take = (d: Buffer) => (output += stripVTControlCharacters(String(d)));
  server.stdout!.on('data', take);
  server.stderr!.on('data', take);
  const source = fs.readFileSync(SCREEN, 'utf8');
  expect(source, 'the component still has the line this test edits').toContain(LINE);
  try {
    await expect.poll(() => (server.exitCode === null ? output : `exited ${server.exitCode}`), { timeout: 120_000 }).toMatch(/compiled successfully|exited/);
    expect(output).toMatch(/compiled successfully/);
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByText('You are not logged in')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { kept: string }).kept = 'yes'));
    fs.writeFileSync(SCREEN, source.replace(LINE, "{t('me.guest')} (edited)</p>"));
    await expect(page.getByText('You are not logged in (edited)')).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { kept?: string }).kept), 'the page was not reloaded').toBe('yes');
    expect(loads).toBe(1);
  } finally {
    fs.writeFileSync(SCREEN, source);
    process.kill(-server.pid!, 'SIGTERM');
  }
});
