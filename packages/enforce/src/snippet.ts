/**
 * The text `robots-lens enforce` prints and the editor opens: a header that says what the
 * snippet blocks, how it plugs in and what it cannot express, then the server's
 * configuration, all from one plan made in the server's regular-expression flavour.
 */

import type { Crawler } from '@robots-lens/kernel/crawlers';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { apacheText, APACHE_REGEX } from './apache';
import { caddyText, CADDY_REGEX } from './caddy';
import { cloudflareText, CLOUDFLARE_REGEX } from './cloudflare';
import { headerLines } from './header';
import { haproxyText, HAPROXY_REGEX } from './haproxy';
import { lighttpdText, LIGHTTPD_REGEX } from './lighttpd';
import { nginxText, NGINX_REGEX } from './nginx';
import { planEnforcement } from './plan';
import type { EnforcePlan } from './plan';
import type { ServerText } from './server-text';
import type { UriRegexOptions } from './uri-regex';
import { verificationFor, verificationLines } from './verified';
import type { CrawlerRanges } from './verified';

export type EnforceServer = 'nginx' | 'apache' | 'haproxy' | 'caddy' | 'lighttpd' | 'cloudflare';

const SERVERS: Readonly<Record<EnforceServer, { readonly regex: UriRegexOptions; readonly text: (plan: EnforcePlan, status: number) => ServerText }>> = {
  nginx: { regex: NGINX_REGEX, text: nginxText },
  apache: { regex: APACHE_REGEX, text: apacheText },
  haproxy: { regex: HAPROXY_REGEX, text: haproxyText },
  caddy: { regex: CADDY_REGEX, text: caddyText },
  lighttpd: { regex: LIGHTTPD_REGEX, text: lighttpdText },
  cloudflare: { regex: CLOUDFLARE_REGEX, text: cloudflareText },
};

/** The servers a snippet can be written for, in the order help lists them. */
export const ENFORCE_SERVERS = Object.keys(SERVERS) as readonly EnforceServer[];

export function isEnforceServer(name: string): name is EnforceServer {
  return Object.prototype.hasOwnProperty.call(SERVERS, name);
}

export interface SnippetOptions {
  readonly server: EnforceServer;
  /** The status a refused request gets (403 unless asked otherwise). */
  readonly status: number;
  /** How the robots.txt was named, for the header. */
  readonly source: string;
  /** Sentences about the scope (left-out tokens), for the header. */
  readonly notes?: readonly string[];
  /** With `--verified-only`: the published ranges loaded, per crawler token. */
  readonly ranges?: readonly CrawlerRanges[];
}

export interface EnforceSnippet {
  readonly text: string;
  readonly plan: EnforcePlan;
  /** Everything the snippet cannot express exactly (also in its header). */
  readonly limits: readonly string[];
}

/** Writes the snippet for `crawlers` (see `crawlersInScope`) from a parsed robots.txt. */
export function enforceSnippet(file: RobotsFile, crawlers: readonly Crawler[], options: SnippetOptions): EnforceSnippet {
  const server = SERVERS[options.server];
  const verification = options.ranges ? verificationFor(crawlers, options.ranges) : undefined;
  const plan = planEnforcement(file, crawlers, server.regex, verification);
  const text = server.text(plan, options.status);
  const notes = [...(options.notes ?? []), ...(verification ? verificationLines(verification) : [])];
  const header = headerLines(plan, { source: options.source, status: text.status ?? options.status, usage: text.usage, serverLimits: text.serverLimits, notes });
  return {
    text: [...header.map((l) => `# ${l}`), '', ...text.body, ''].join('\n'),
    plan,
    limits: [...plan.limits, ...text.serverLimits],
  };
}

/** The regular-expression flavour and target syntax a server's plan is made in. */
export function serverRegex(server: EnforceServer): UriRegexOptions {
  return SERVERS[server].regex;
}
