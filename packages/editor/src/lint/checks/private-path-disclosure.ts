import type { Rule } from '@robots-lens/kernel/parse';
import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'private-path-disclosure', title: 'Disallow that reveals a private path', description: 'robots.txt is public and is not access control: anyone can read the paths it names. Reported for backups and credentials, files that should not be served, a private area at the top of the site and secret-looking tokens, not for words inside page and product names.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * Words that name a backup or credentials wherever they stand in a segment, as words of
 * their own (split at anything but letters and digits): `/eox_backup/`, `/site.bak`,
 * `/paper_passwd/`. Never inside a longer word: `/videoeggbackup.html` is a page.
 */
const BACKUP_WORDS = /^(?:backups?|bak|bkp|credentials|passwords|passwd|htpasswd)$/;
/**
 * Words that name a private area only as a whole segment at the top of the site
 * (`/private/`, `/_secret/`, `/staging/`): deeper down, or as part of a name, they are
 * as often public pages and products (`/private-banking/`, `/sites/secret`).
 */
const AREA_WORDS = /^(?:private|secrets?|confidential|staging)$/;
/**
 * Anything the word tests below could find; with a long run of letters and digits (see
 * `hasTokenRun`), the one test most patterns fail.
 */
const CANDIDATE = /backup|bak|bkp|credential|passw|htpasswd|private|secret|confidential|staging|[./](?:git|svn|hg|env|htpasswd|ssh|aws)/i;
/** The shortest run of letters and digits taken for a token: a 128-bit hash in hex. */
const MIN_TOKEN = 32;
/** Files and folders that should never be on a web server at all. */
const SECRET_FILES = /^(?:\.git|\.svn|\.hg|\.env|\.htpasswd|\.ssh|\.aws)(?:$|[./_-])/;

/**
 * private-path-disclosure: a Disallow that names what looks like a secret. robots.txt is
 * public and is not access control; the finding only points it out (as a hint), since the
 * path may well be harmless. Whole words only: "private" and "secret" are also the names
 * of products and pages.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  const checkRule = (rule: Rule): void => {
    if (rule.kind !== 'disallow' || rule.pattern === '') return;
    // The pattern first: few name a secret, and a line's span is built anew on each read.
    const what = secretIn(rule.pattern);
    if (!what) return;
    const line = file.lines[rule.line];
    const span = line?.valueSpan;
    if (!span || line.beyondLimit) return;
    findings.push({
      id: 'private-path-disclosure',
      span,
      message:
        `robots.txt is public: anyone can read that "${rule.pattern}" exists (${what}). Disallow only asks crawlers not to fetch it; ` +
        'it does not protect it — use authentication, or take it off the server.',
    });
  };
  for (const group of file.groups) group.rules.forEach(checkRule);
  // A Disallow copied into every group reveals the path once: one finding, the copies related.
  return fold(file, findings, (f) => file.text.slice(f.span.start, f.span.end), {
    more: (n, lines) => `The same Disallow is in ${n} more ${n === 1 ? 'group' : 'groups'} (${lines}).`,
  });
};

function secretIn(pattern: string): string | undefined {
  if (!CANDIDATE.test(pattern) && !hasTokenRun(pattern)) return undefined;
  const segments = pattern.split(/[/?&=]/);
  // The top of the site: the first segment with something in it (a "*" there is any folder).
  const first = segments.findIndex((segment) => segment !== '');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const lower = segment.toLowerCase();
    if (SECRET_FILES.test(lower)) return `"${segment}" should not be served at all`;
    if (lower.split(/[^a-z0-9]+/).some((word) => BACKUP_WORDS.test(word))) return `"${segment}" suggests a backup or credentials`;
    if (i === first && AREA_WORDS.test(lower.replace(/^[._-]+|[._-]+$/g, ''))) return `"${segment}" suggests something private`;
    // A token as the last segment (a download or share link); followed by more path, it is a page id.
    if (i === lastNamed(segments) && looksLikeToken(segment)) return `"${segment}" looks like a secret token`;
  }
  return undefined;
}

/** The index of the last segment with something in it besides `*` and `$`. */
function lastNamed(segments: readonly string[]): number {
  for (let i = segments.length - 1; i >= 0; i--) if (segments[i]!.replace(/[*$]/g, '') !== '') return i;
  return -1;
}

/**
 * Thirty-two letters or digits in a row, the least a token is taken to be (shorter runs
 * are as often the ids of public pages). Counted by hand: as a
 * regular expression alternative (`[A-Za-z0-9]{32}`) it is tried at every position and
 * cost more than all the rest of the check.
 */
function hasTokenRun(pattern: string): boolean {
  let run = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
      if (++run >= MIN_TOKEN) return true;
    } else run = 0;
  }
  return false;
}

/**
 * A long run of letters and digits thoroughly mixed, as in hashes and access tokens
 * (`8f14e45fceea167a5a36dedd4bea2543`), but not words with a year (`summer2024-sale`).
 */
function looksLikeToken(segment: string): boolean {
  if (segment.length < MIN_TOKEN || !/^[A-Za-z0-9]+$/.test(segment)) return false;
  let switches = 0;
  for (let i = 1; i < segment.length; i++) {
    if (isDigit(segment.charCodeAt(i)) !== isDigit(segment.charCodeAt(i - 1))) switches++;
  }
  return switches >= 4;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
