/**
 * `n.toLocaleString('en-US')`. Counts are grouped by hand: the first toLocaleString call
 * loads the ICU data, ~30 ms of every replay's start.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
  return n < 0 ? '-' + out : out;
}

/**
 * "1 request", "1,240 requests": a count with its thousands grouped, and its noun, `many`
 * for any count but one ("entries" where an "s" will not do).
 */
export function countOf(n: number, noun: string, many = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : many}`;
}
