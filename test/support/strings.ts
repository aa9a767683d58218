/**
 * Exhaustive inputs for the brute-force property tests: every string of a small alphabet up
 * to a length, so a claim is checked on every short case rather than on a sample.
 */

/**
 * Every string of at most `maxLength` pieces of `alphabet`: the empty string first, then
 * each length in turn, in the alphabet's order.
 */
export function allStrings(alphabet: readonly string[], maxLength: number): string[] {
  const out = [''];
  let layer = [''];
  for (let n = 1; n <= maxLength; n++) {
    layer = layer.flatMap((p) => alphabet.map((c) => p + c));
    out.push(...layer);
  }
  return out;
}
