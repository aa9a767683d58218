/**
 * HAProxy: `http-request` rules in a frontend (or listen) section, run in the order
 * written. The first recognition rule that matches sets txn.robots_lens_rules, the first
 * robots.txt rule that matches sets txn.robots_lens_verdict, and a request whose verdict is
 * `block` is denied with the status. `url` is the request-target as sent; expressions are in
 * single quotes, which HAProxy reads without any escaping.
 */

import { printable, ruleComment } from './header';
import { claimKey } from './plan';
import type { EnforcePlan } from './plan';
import type { ServerText } from './server-text';
import { ABSOLUTE_FORM, setComment } from './server-text';

export const HAPROXY_REGEX = { flavour: 'pcre', anyChar: '.', end: '$' } as const;

export function haproxyText(plan: EnforcePlan, status: number): ServerText {
  const lines: string[] = [];
  for (const entry of plan.who) {
    lines.push(`# ${entry.crawler ? entry.crawler.token : 'not in scope, and named before a shorter name'}: ${printable(entry.names.join(', '))}`);
    lines.push(`http-request set-var(txn.robots_lens_rules) str(${claimKey(plan, entry.crawler)}) if !{ var(txn.robots_lens_rules) -m found } { req.fhdr(user-agent) -m reg '(?i)${entry.source}' }`);
  }
  lines.push('# /robots.txt is never refused');
  lines.push('http-request set-var(txn.robots_lens_verdict) str(allow) if { url -m str /robots.txt }');
  for (const v of plan.verification?.crawlers ?? []) {
    lines.push(`# ${v.crawler.token} claimed from outside its published ranges, whatever the URL`);
    lines.push(`http-request deny deny_status ${status} if { var(txn.robots_lens_rules) -m end .${v.crawler.id} } !{ var(txn.robots_lens_verdict) -m found } !{ src ${v.prefixes.join(' ')} }`);
  }
  for (const set of plan.ruleSets) {
    lines.push(`# ${setComment(set)}`);
    for (const rule of set.rules) {
      lines.push(`# ${ruleComment(rule)}`);
      lines.push(`http-request set-var(txn.robots_lens_verdict) str(${rule.allow ? 'allow' : 'block'}) if { var(txn.robots_lens_rules) -m beg ${set.key}. } !{ var(txn.robots_lens_verdict) -m found } { url -m reg '^${rule.regex.source}' }`);
    }
  }
  lines.push(`http-request deny deny_status ${status} if { var(txn.robots_lens_verdict) -m str block }`);
  return {
    body: lines,
    usage: ['HAProxy: paste these lines into the frontend (or listen) section that receives the requests, before its other http-request rules.'],
    serverLimits: [ABSOLUTE_FORM],
  };
}
