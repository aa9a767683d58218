/**
 * nginx: two `map` blocks, included inside `http {}`. nginx tries a map's regular expressions
 * in the order written and stops at the first match, which is the order of the plan. The
 * first names the crawler's rule set from `$http_user_agent`; the second reads that and the raw
 * `$request_uri` and sets `$robots_lens_block` to 1 for a request to refuse.
 */

import { printable, ruleComment } from './header';
import { claimKey } from './plan';
import type { EnforcePlan } from './plan';
import type { ServerText } from './server-text';
import { ABSOLUTE_FORM, ROBOTS_TXT_REGEX, setComment } from './server-text';

export const NGINX_REGEX = { flavour: 'pcre', anyChar: '.', end: '$' } as const;

export function nginxText(plan: EnforcePlan, status: number): ServerText {
  const lines: string[] = [];
  lines.push('map $http_user_agent $robots_lens_rules {', '    default "";');
  for (const entry of plan.who) {
    lines.push(`    # ${entry.crawler ? entry.crawler.token : 'not in scope, and named before a shorter name'}: ${printable(entry.names.join(', '))}`);
    lines.push(`    "~(?i)${entry.source}" "${claimKey(plan, entry.crawler)}";`);
  }
  lines.push('}', '', `map "$robots_lens_rules $request_uri" ${(plan.verification?.crawlers.length ?? 0) > 0 ? '$robots_lens_by_rules' : '$robots_lens_block'} {`, '    default "";', `    "~${ROBOTS_TXT_REGEX}" "";`);
  // A request of nobody in scope stops here, before any rule is tried.
  lines.push('    "~^-?\\x20" "";');
  for (const set of plan.ruleSets) {
    lines.push(`    # ${setComment(set)}`);
    for (const rule of set.rules) {
      lines.push(`    # ${ruleComment(rule)}`);
      lines.push(`    "~^${set.key}\\.[a-z0-9-]+\\x20${rule.regex.source}" "${rule.allow ? '' : '1'}";`);
    }
  }
  lines.push('}');
  const verified = plan.verification?.crawlers ?? [];
  if (verified.length > 0) {
    // Spoofers: one geo per verified crawler (1 inside its ranges), read in a fixed order.
    verified.forEach((v, i) => {
      lines.push('', `# ${v.crawler.token}: its published ranges`, `geo $robots_lens_from_${i + 1} {`, '    default 0;', ...v.prefixes.map((p) => `    ${p} 1;`), '}');
    });
    const froms = verified.map((_, i) => `$robots_lens_from_${i + 1}`).join(' ');
    lines.push('', `map "$robots_lens_rules ${froms} $request_uri" $robots_lens_spoofed {`, '    default "";');
    lines.push(`    "~^[^\\x20]*\\x20${'[01]\\x20'.repeat(verified.length)}/robots\\.txt$" "";`);
    verified.forEach((v, i) => {
      lines.push(`    "~^g[0-9]+\\.${v.crawler.id}\\x20${'[01]\\x20'.repeat(i)}0\\x20" "1";`);
    });
    lines.push('}', '', 'map "$robots_lens_by_rules$robots_lens_spoofed" $robots_lens_block {', '    default "";', '    "~1" "1";', '}');
  }
  return {
    body: lines,
    usage: [
      'nginx: include this file inside http {}; it sets $robots_lens_block to 1 for a request to refuse (empty otherwise).',
      'Add pcre_jit on; to the main context (outside http {}): without it nginx interprets every expression.',
      `In each server {} it guards, add: if ($robots_lens_block) { return ${status}; }`,
    ],
    serverLimits: [ABSOLUTE_FORM],
  };
}
