/** `A`, `A and B`, `A, B and C`; past `max` names, `A, B, …, F and 7 more`. An empty list is ''. */
export function nameList(names: readonly string[], max = 6): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= max) return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}
