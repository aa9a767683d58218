/**
 * "1 request", "2 requests": a count and its noun, the noun with an "s" unless the count is
 * one. `format` writes the count (digits by default; `formatCount` groups thousands).
 */
export function plural(count: number, noun: string, format: (count: number) => string = String): string {
  return `${format(count)} ${pluralNoun(count, noun)}`;
}

/** The noun alone, as a count would have it: "line" for one, "lines" for any other count. */
export function pluralNoun(count: number, noun: string): string {
  return count === 1 ? noun : `${noun}s`;
}
