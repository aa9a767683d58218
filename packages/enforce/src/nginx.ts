/**
 * nginx: two `map` blocks, included inside `http {}`. nginx tries a map's regular expressions
 * in the order written and stops at the first match, which is the order of the plan. The
 * first names the crawler from `$http_user_agent`; the second reads that name and the raw
 * `$request_uri` and sets `$robots_lens_block` to 1 for a request to refuse.
 */

import { printable, ruleComment } from './header';
import type { EnforcePlan } from './plan';
import type { ServerText } from './server-text';
import { crawlerKey, ROBOTS_TXT_REGEX } from './server-text';

export const NGINX_REGEX = { flavour: 'pcre', anyChar: '.', end: '$' } as const;

export function nginxText(plan: EnforcePlan, status: number): ServerText {
  const lines: string[] = [];
  lines.push('map $http_user_agent $robots_lens_crawler {', '    default "";');
  for (const entry of plan.who) {
    lines.push(`    # ${entry.crawler ? entry.crawler.token : 'not in scope, and named before a shorter name'}: ${printable(entry.names.join(', '))}`);
    lines.push(`    "~(?i)${entry.source}" "${entry.crawler ? entry.crawler.id : '-'}";`);
  }
  lines.push('}', '', 'map "$robots_lens_crawler $request_uri" $robots_lens_block {', '    default "";', `    "~${ROBOTS_TXT_REGEX}" "";`);
  for (const c of plan.crawlers) {
    for (const rule of c.rules) {
      lines.push(`    # ${c.crawler.token}, ${ruleComment(rule)}`);
      lines.push(`    "~^${crawlerKey(c.crawler.id)}\\x20${rule.regex.source}" "${rule.allow ? '' : '1'}";`);
    }
  }
  lines.push('}');
  return {
    body: lines,
    usage: [
      'nginx: include this file inside http {}; it sets $robots_lens_block to 1 for a request to refuse (empty otherwise).',
      `In each server {} it guards, add: if ($robots_lens_block) { return ${status}; }`,
    ],
    serverLimits: [],
  };
}
