/**
 * Caddy: two `map` blocks and a `respond`, inside the site block. Caddy tries a map's
 * regular expressions in the order written; the first names the crawler from the User-Agent,
 * the second reads that name and `{http.request.orig_uri}` (the request-target as sent).
 * Caddy's expressions are Go's RE2: no look-around and UTF-8 rather than octets, so the plan
 * is made in that flavour and says where that is not exact. Expressions are in backquotes,
 * which Caddy reads without escaping; nobody in scope is `none` (a bare `-` is Caddy's "no
 * output").
 */

import { printable, ruleComment } from './header';
import { claimKey } from './plan';
import type { EnforcePlan } from './plan';
import type { ServerText } from './server-text';
import { ABSOLUTE_FORM, ROBOTS_TXT_REGEX, setComment } from './server-text';

export const CADDY_REGEX = { flavour: 're2', anyChar: '.', end: '$' } as const;

export function caddyText(plan: EnforcePlan, status: number): ServerText {
  const lines: string[] = ['map {http.request.header.User-Agent} {robots_lens_rules} {'];
  for (const entry of plan.who) {
    lines.push(`    # ${entry.crawler ? entry.crawler.token : 'not in scope, and named before a shorter name'}: ${printable(entry.names.join(', '))}`);
    lines.push(`    \`~(?i)${entry.source}\` \`${claimKey(plan, entry.crawler).replace(/^-$/, 'none')}\``);
  }
  lines.push('    default `none`', '}', '', 'map "{robots_lens_rules} {http.request.orig_uri}" {robots_lens_verdict} {', `    \`~${ROBOTS_TXT_REGEX}\` \`allow\``, '    `~^none\\x20` `allow`');
  for (const set of plan.ruleSets) {
    lines.push(`    # ${setComment(set)}`);
    for (const rule of set.rules) {
      lines.push(`    # ${ruleComment(rule)}`);
      lines.push(`    \`~^${set.key}\\.[a-z0-9-]+\\x20${rule.regex.source}\` \`${rule.allow ? 'allow' : 'block'}\``);
    }
  }
  lines.push('    default `allow`', '}', '', '@robots_lens_block vars {robots_lens_verdict} block', `respond @robots_lens_block ${status}`);
  (plan.verification?.crawlers ?? []).forEach((v, i) => {
    lines.push('', `# ${v.crawler.token} claimed from outside its published ranges, whatever the URL`, `@robots_lens_spoofed_${i + 1} {`);
    lines.push(`    vars {robots_lens_rules} ${claimKey(plan, v.crawler)}`, `    not remote_ip ${v.prefixes.join(' ')}`, '    not expression `{http.request.orig_uri} == "/robots.txt"`', '}', `respond @robots_lens_spoofed_${i + 1} ${status}`);
  });
  return {
    body: lines,
    usage: ['Caddy: paste this inside the site block (or import it there); map runs before respond in the Caddyfile order.'],
    serverLimits: [ABSOLUTE_FORM],
  };
}
