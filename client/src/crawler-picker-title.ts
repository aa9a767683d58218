/**
 * The crawler picker's title: what the pick is for, then every crawler picked so far by name,
 * so that none is out of sight below the fold of a 55-crawler list.
 */

/** "Test /cart/ for…" with Googlebot and GPTBot picked: "Test /cart/ for Googlebot, GPTBot". */
export function pickerTitle(base: string, agents: readonly string[]): string {
  if (agents.length === 0) return base;
  return `${base.replace(/…$/, '')} ${agents.join(', ')}`;
}
