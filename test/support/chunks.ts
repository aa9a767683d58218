/**
 * Cuts a text at the given offsets (taken modulo its length + 1, deduplicated, in order), as a
 * stream would deliver it: the tests use it to prove a reader's answer does not depend on
 * where its chunks happen to end.
 */
export function chunked(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let last = 0;
  for (const p of points) {
    out.push(text.slice(last, p));
    last = p;
  }
  out.push(text.slice(last));
  return out;
}
