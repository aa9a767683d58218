/**
 * lighttpd 1.4: one `$HTTP["useragent"]` condition per recognition entry, chained with
 * `else` so the first match names the crawler; inside, mod_rewrite's `url.rewrite-once`
 * holds the crawler's rules in rank order. mod_rewrite matches the request-target with its
 * query (lighttpd's conditions only see the decoded path), and the first pattern that
 * matches decides: an Allow rewrites the target to itself, a Disallow to REFUSED_PATH, which
 * `url.access-deny` answers with 403.
 *
 * lighttpd normalises the target before mod_rewrite reads it (`server.http-parseopts`): it
 * decodes unreserved escapes, writes hex in upper case and escapes raw non-ASCII octets,
 * none of which changes what robots.txt normalises the target to, so the expressions made
 * for the raw target still decide exactly. Two defaults would change it (`%2F` decoded to
 * `/`, dot segments and `//` removed): the usage asks to turn them off. What remains is
 * said in the header: raw characters lighttpd escapes, /robots.txt spelt with escapes, and
 * REFUSED_PATH itself.
 */

import { printable, ruleComment } from './header';
import type { EnforcePlan, RuleSet } from './plan';
import type { ServerText } from './server-text';
import { setComment } from './server-text';

export const LIGHTTPD_REGEX = { flavour: 'pcre', anyChar: '.', end: '$' } as const;

/** Where a refused request is rewritten to; `url.access-deny` answers it. */
export const LIGHTTPD_REFUSED_PATH = '/robots-lens-refused';

/**
 * The raw ASCII characters lighttpd 1.4's `url-normalize-required` escapes before mod_rewrite
 * reads the target (robots.txt keeps `{` and `%7B` apart). Measured on lighttpd 1.4.69.
 */
export const LIGHTTPD_ESCAPED_RAW = '"<>[\\]^`{|}';

/** url.access-deny answers 403, the one status lighttpd's configuration can give without a script. */
export const LIGHTTPD_STATUS = 403;

export function lighttpdText(plan: EnforcePlan, status: number): ServerText {
  const lines: string[] = [];
  plan.who.forEach((entry, i) => {
    lines.push(`# ${entry.crawler ? entry.crawler.token : 'not in scope, and named before a shorter name'}: ${printable(entry.names.join(', '))}`);
    lines.push(`${i === 0 ? '' : 'else '}$HTTP["useragent"] =~ "(?i)${entry.source}" {`);
    const set = entry.crawler ? plan.ruleSets.find((s) => s.crawlers.some((c) => c.crawler === entry.crawler)) : undefined;
    if (set) lines.push(...ruleLines(set));
    lines.push('}');
  });
  const serverLimits = [
    `A target with a raw ${[...LIGHTTPD_ESCAPED_RAW].join(' ')} is read as lighttpd escapes it (raw { as %7B), so a rule may decide it otherwise than robots.txt, which keeps the two apart.`,
    'A target that names /robots.txt with escapes of unreserved characters (/robots%2Etxt) is never refused: lighttpd decodes them before the rules read the target, where robots.txt exempts /robots.txt exactly as sent.',
    'A User-Agent header that is not valid UTF-8 is not recognised: lighttpd matches its conditions as UTF-8, and an invalid header matches none.',
    `A request of a crawler with rules to enforce whose path is ${LIGHTTPD_REFUSED_PATH} (where refused requests are rewritten) is refused.`,
    ...(plan.verification ? ['--verified-only is not written for lighttpd: a crawler\'s claim is not checked against its published ranges.'] : []),
    ...(status === LIGHTTPD_STATUS ? [] : [`url.access-deny answers ${LIGHTTPD_STATUS}: --status ${status} cannot be given without a mod_magnet script, so refused requests get ${LIGHTTPD_STATUS}.`]),
  ];
  return {
    body: lines,
    usage: [
      'lighttpd 1.4: load mod_rewrite and mod_access (server.modules), then include this file in lighttpd.conf (include "robots-lens.conf"), outside other conditions; it sets url.rewrite-once for the crawlers in scope, so a url.rewrite-once of yours must be merged into it.',
      'Keep %2F and dot segments as sent, or a URL with %2F, // or /../ is read as lighttpd rewrote it: server.http-parseopts = ( "url-path-2f-decode" => "disable", "url-path-dotseg-remove" => "disable" )',
    ],
    serverLimits,
    status: LIGHTTPD_STATUS,
  };
}

/** One rule set as `url.rewrite-once` (first match wins) and the deny for what it refuses. */
function ruleLines(set: RuleSet): string[] {
  const lines = [`    # ${setComment(set)}`, '    url.rewrite-once = (', '        # /robots.txt is never refused', '        "^/robots\\.txt$" => "$0",'];
  for (const rule of set.rules) {
    lines.push(`        # ${ruleComment(rule)}`);
    // An Allow keeps the whole target (`.*` takes the rest, `$0` is all of it).
    lines.push(rule.allow ? `        "^(?:${rule.regex.source}).*" => "$0",` : `        "^${rule.regex.source}" => "${LIGHTTPD_REFUSED_PATH}",`);
  }
  lines.push('    )', `    $HTTP["url"] == "${LIGHTTPD_REFUSED_PATH}" { url.access-deny = ( "" ) }`);
  return lines;
}
