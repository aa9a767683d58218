/**
 * Whether a Node version lies in an `engines.node` range, for the ranges npm packages write:
 * `||` alternatives, space-separated comparators (`>=`, `>`, `<=`, `<`, `=`, `^`, `~`), partial
 * versions (`18`, `6.*`, `>= 10.*`) and `*`. A test helper, so the set-up can be checked without
 * one more dependency.
 */
type Version = [number, number, number];

export function parseVersion(text: string): Version {
  const parts = text.replace(/^v/, '').split('.').map(Number);
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];
}

export function nodeRangeAccepts(range: string, version: string): boolean {
  const v = parseVersion(version);
  return range.split('||').some((alternative) => {
    const comparators = alternative.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split(/\s+/).filter((c) => c !== '');
    return comparators.every((comparator) => comparatorAccepts(comparator, v));
  });
}

function comparatorAccepts(comparator: string, v: Version): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?v?([0-9x*]+(?:\.[0-9x*]+){0,2})$/i.exec(comparator);
  if (!match) throw new Error(`unreadable engines.node comparator "${comparator}"`);
  const op = match[1] ?? '';
  // Only the leading numbers count: `10.*` is the partial version `10`.
  const given: number[] = [];
  for (const part of (match[2] ?? '').split('.')) {
    if (!/^\d+$/.test(part)) break;
    given.push(Number(part));
  }
  if (given.length === 0) return op === '' || op === '>=' || op === '<=' || op === '=';
  const low: Version = [given[0] ?? 0, given[1] ?? 0, given[2] ?? 0];
  // The first version past the partial one: `18` ends before 19.0.0, `1.2` before 1.3.0.
  const pastPartial = (): Version => bump(low, given.length - 1);
  switch (op) {
    case '>=': return compare(v, low) >= 0;
    case '>': return given.length === 3 ? compare(v, low) > 0 : compare(v, pastPartial()) >= 0;
    case '<': return compare(v, low) < 0;
    case '<=': return given.length === 3 ? compare(v, low) <= 0 : compare(v, pastPartial()) < 0;
    case '^': {
      const firstNonZero = low[0] !== 0 || given.length === 1 ? 0 : low[1] !== 0 || given.length === 2 ? 1 : 2;
      return compare(v, low) >= 0 && compare(v, bump(low, firstNonZero)) < 0;
    }
    case '~': return compare(v, low) >= 0 && compare(v, bump(low, given.length === 1 ? 0 : 1)) < 0;
    default: return compare(v, low) >= 0 && compare(v, pastPartial()) < 0;
  }
}

function bump(version: Version, index: number): Version {
  const next: Version = [...version];
  next[index] = (next[index] ?? 0) + 1;
  for (let i = index + 1; i < 3; i += 1) next[i] = 0;
  return next;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
