/**
 * Apache httpd: mod_rewrite in the server or virtual-host configuration. Conditions are
 * tried in the order written: the first recognition rule that matches sets
 * ROBOTS_LENS_RULES (the crawler's rule set), and the first robots.txt rule that matches either marks the request
 * decided (Allow) or answers it with the status (Disallow). `%{THE_REQUEST}` is the request
 * line as sent, so the target is read raw, up to the space before the protocol.
 */

import { printable, ruleComment } from './header';
import { claimKey } from './plan';
import type { EnforcePlan } from './plan';
import type { ServerText } from './server-text';
import { ABSOLUTE_FORM, setComment } from './server-text';

export const APACHE_REGEX = { flavour: 'pcre', anyChar: '[^\\x20]', end: '\\x20' } as const;

export function apacheText(plan: EnforcePlan, status: number): ServerText {
  const lines: string[] = ['RewriteEngine On'];
  for (const entry of plan.who) {
    lines.push(`# ${entry.crawler ? entry.crawler.token : 'not in scope, and named before a shorter name'}: ${printable(entry.names.join(', '))}`);
    lines.push('RewriteCond %{ENV:ROBOTS_LENS_RULES} ^$');
    lines.push(`RewriteCond %{HTTP_USER_AGENT} "(?i)${entry.source}"`);
    lines.push(`RewriteRule ^ - [E=ROBOTS_LENS_RULES:${claimKey(plan, entry.crawler)}]`);
  }
  lines.push('# /robots.txt is never refused');
  lines.push('RewriteCond %{THE_REQUEST} "^[^\\x20]+\\x20/robots\\.txt\\x20"');
  lines.push('RewriteRule ^ - [E=ROBOTS_LENS_DECIDED:1]');
  for (const v of plan.verification?.crawlers ?? []) {
    lines.push(`# ${v.crawler.token} claimed from outside its published ranges, whatever the URL`);
    lines.push(`RewriteCond %{ENV:ROBOTS_LENS_RULES} \\.${v.crawler.id}$`);
    lines.push('RewriteCond %{ENV:ROBOTS_LENS_DECIDED} ^$');
    lines.push(`RewriteCond expr "${v.prefixes.map((p) => `! -R '${p}'`).join(' && ')}"`);
    lines.push(`RewriteRule ^ - [R=${status},L]`);
  }
  for (const set of plan.ruleSets) {
    lines.push(`# ${setComment(set)}`);
    for (const rule of set.rules) {
      lines.push(`# ${ruleComment(rule)}`);
      lines.push(`RewriteCond %{ENV:ROBOTS_LENS_RULES} ^${set.key}\\.`);
      lines.push('RewriteCond %{ENV:ROBOTS_LENS_DECIDED} ^$');
      lines.push(`RewriteCond %{THE_REQUEST} "^[^\\x20]+\\x20${rule.regex.source}"`);
      lines.push(rule.allow ? 'RewriteRule ^ - [E=ROBOTS_LENS_DECIDED:1]' : `RewriteRule ^ - [R=${status},L]`);
    }
  }
  return {
    body: lines,
    usage: [
      'Apache httpd (mod_rewrite: a2enmod rewrite): put this inside <VirtualHost> or the server configuration, before other rewrite rules.',
      'Keep AllowEncodedSlashes NoDecode (or On): with the default Off, Apache answers 404 to a path with %2F before any rule runs.',
    ],
    serverLimits: [ABSOLUTE_FORM],
  };
}
