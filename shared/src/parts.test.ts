/** The versioned parts of shared (parts.json): a part's files do not change without its version (platform/src/build/parts.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { filesOfEntry, staleParts, writeLock } from '../../platform/src/build/parts';

test("every part's version was bumped with its changes and recorded (shared/parts.lock.json)", () => {
  expect(staleParts(path.join(__dirname, '..'))).toEqual([]);
});

describe('the rule, on a package of two parts', () => {
  let dir: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  const setVersion = (part: string, version: string) => {
    const parts = JSON.parse(fs.readFileSync(path.join(dir, 'parts.json'), 'utf8'));
    parts[part].version = version;
    write('parts.json', JSON.stringify(parts));
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-'));
    write('package.json', JSON.stringify({ exports: { '.': './src/index.ts', './ui': './src/ui/index.ts' } }));
    write('parts.json', JSON.stringify({ platform: { version: '1.0.0', entries: ['.'] }, ui: { version: '1.0.0', entries: ['./ui'] } }));
    write('src/index.ts', "export * from './limits';\n");
    write('src/limits.ts', 'export const MAX = 1;\n');
    write('src/ui/index.ts', "import { MAX } from '../limits';\nimport { go } from 'shared';\nexport * from './Button';\nexport const max = MAX;\n");
    write('src/ui/Button.tsx', 'export const Button = () => null;\n');
    write('src/ui/Button.test.tsx', 'test("x", () => {});\n');
    writeLock(dir);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("follows an entry's relative imports only: another entry's files are that part's, tests none", () => {
    expect(
      filesOfEntry(dir, './ui')
        .map((f) => path.relative(dir, f))
        .sort(),
    ).toEqual(['src/limits.ts', 'src/ui/Button.tsx', 'src/ui/index.ts']);
  });

  it('a changed file asks for a new version of each part that bundles it; the lock is not rewritten until then', () => {
    write('src/ui/Button.tsx', 'export const Button = () => "b";\n');
    expect(staleParts(dir)).toEqual(["ui's files changed since 1.0.0: bump its version in shared/parts.json (and run `npm run parts:lock`)"]);
    expect(() => writeLock(dir)).toThrow("ui's files changed since 1.0.0");
    setVersion('ui', '1.1.0');
    expect(staleParts(dir)).toEqual(['ui is 1.1.0 in shared/parts.json but 1.0.0 in shared/parts.lock.json: run `npm run parts:lock`']);
    writeLock(dir);
    expect(staleParts(dir)).toEqual([]);

    write('src/limits.ts', 'export const MAX = 2;\n');
    expect(staleParts(dir)).toEqual([expect.stringContaining("platform's files changed"), expect.stringContaining("ui's files changed")]);
  });

  it("a test's change needs no new version", () => {
    write('src/ui/Button.test.tsx', 'test("y", () => {});\n');
    expect(staleParts(dir)).toEqual([]);
  });
});
