import fs from 'node:fs';
import path from 'node:path';
import { PAKISTAN_TIME_ZONE, PAKISTAN_UTC_OFFSET_MINUTES } from './pakistanTime';

/** the zone's offset at `at` in minutes, by the time-zone database (Intl) */
const offsetMinutes = (at: Date) => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: PAKISTAN_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value; // "GMT+05:00"
  const [, sign, h, m] = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name)!;
  return (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m));
};

test('the fixed offset is what the time-zone database says for Pakistan in every month since 2010', () => {
  for (let year = 2010; year <= 2035; year++)
    for (let month = 0; month < 12; month++)
      expect([year, month, offsetMinutes(new Date(Date.UTC(year, month, 15)))]).toEqual([year, month, PAKISTAN_UTC_OFFSET_MINUTES]);
});

describe('one source: no product code spells the offset or the zone itself', () => {
  const repo = path.join(__dirname, '../../..');
  const dirs = ['server/src', 'shared/src', 'host/src', 'mf-onboarding/src', 'mf-loan/src', 'mf-repay/src', 'mf-usercenter/src'];
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      // applied migrations are frozen as they were written (a data migration keeps the rules of its day)
      if (e.isDirectory()) return e.name === '__tests__' || p.endsWith(path.join('server', 'src', 'db', 'migrations')) ? [] : sources(p);
      return /\.(ts|tsx|js|mjs|cjs)$/.test(e.name) && !/\.test\.|\.spec\./.test(e.name) ? [p] : [];
    });
  /** a zone name, a 5 h offset in minutes, hours or ms, an ISO +05:00 */
  const SPELLED = /'Asia\/Karachi'|\b5 \* (60|HOUR_MS|3_?600_?000)\b|\b18_?000_?000\b|\+05:?00\b/;

  test('only pakistanTime.ts', () => {
    const found = dirs
      .flatMap((d) => sources(path.join(repo, d)))
      .filter((f) => !f.endsWith(path.join('contract', 'pakistanTime.ts')))
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => [line, i] as const)
          .filter(([line]) => SPELLED.test(line))
          .map(([line, i]) => `${path.relative(repo, f)}:${i + 1}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });
});
