/**
 * The semantic version ranges a remote declares for the parts of `shared` (and Module
 * Federation's requiredVersion understands): `^1.2.3`, `~1.2.3`, `>=1.2.3`, `1.2.3`.
 * Pre-release tags are not used by the parts.
 */
const parse = (v: string): number[] => {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(String(v).trim());
  if (!m) throw new Error(`${v} is not a version x.y.z`);
  return m.slice(1).map(Number);
};
const compare = (a: number[], b: number[]) => a.map((n, i) => n - b[i]).find((d) => d !== 0) ?? 0;

/** Whether `version` is in `range`. */
export function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  const [, op, rest] = /^(\^|~|>=|=)?\s*(.*)$/.exec(range.trim())!;
  const min = parse(rest);
  if (compare(v, min) < 0) return false;
  if (op === '>=') return true;
  if (op === '^') return min[0] > 0 ? v[0] === min[0] : min[1] > 0 ? v[0] === 0 && v[1] === min[1] : compare(v, min) === 0;
  if (op === '~') return v[0] === min[0] && v[1] === min[1];
  return compare(v, min) === 0;
}

/** The lowest version in `range` (its floor): `^1.3.0` needs 1.3.0 or later. */
export const lowest = (range: string) => parse(/^(?:\^|~|>=|=)?\s*(.*)$/.exec(range.trim())![1]).join('.');
