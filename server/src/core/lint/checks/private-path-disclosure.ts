import type { Rule } from '../../parse';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  {
    id: 'private-path-disclosure',
    title: 'Disallow that reveals a private path',
    description: 'robots.txt is public and is not access control: anyone can read the paths it names.',
  },
] as const satisfies readonly RuleDescription<string>[];

/**
 * Words of a path segment (split at anything but letters and digits) that read like
 * something meant to stay private. Whole words only: `suntrustprivatewealth` and
 * `/ForgotPassword` are ordinary pages.
 */
const SECRET_WORDS = /^(?:backups?|bak|secrets?|private|confidential|credentials?|passwords|passwd)$|backup/;
/**
 * Anything the word tests below could find; with a long run of letters and digits (see
 * `hasTokenRun`), the one test most patterns fail.
 */
const CANDIDATE = /backup|bak|secret|private|confidential|credential|passw|[./](?:git|svn|hg|env|htpasswd|ssh|aws)/i;
/** Files and folders that should never be on a web server at all. */
const SECRET_FILES = /^(?:\.git|\.svn|\.hg|\.env|\.htpasswd|\.ssh|\.aws)(?:$|[./_-])/;

/**
 * private-path-disclosure: a Disallow that names what looks like a secret. robots.txt is
 * public and is not access control; the finding only points it out, since the path may
 * well be harmless.
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
  return findings;
};

function secretIn(pattern: string): string | undefined {
  if (!CANDIDATE.test(pattern) && !hasTokenRun(pattern)) return undefined;
  for (const segment of pattern.split(/[/?&=]/)) {
    const lower = segment.toLowerCase();
    if (SECRET_FILES.test(lower)) return `"${segment}" should not be served at all`;
    if (lower.split(/[^a-z0-9]+/).some((word) => SECRET_WORDS.test(word))) return `"${segment}" suggests something private`;
    if (looksLikeToken(segment)) return `"${segment}" looks like a secret token`;
  }
  return undefined;
}

/**
 * Sixteen letters or digits in a row, the least a token can be. Counted by hand: as a
 * regular expression alternative (`[A-Za-z0-9]{16}`) it is tried at every position and
 * cost more than all the rest of the check.
 */
function hasTokenRun(pattern: string): boolean {
  let run = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
      if (++run >= 16) return true;
    } else run = 0;
  }
  return false;
}

/**
 * A long run of letters and digits thoroughly mixed, as in hashes and access tokens
 * (`8f14e45fceea167a5a36`), but not words with a year (`summer2024-sale`).
 */
function looksLikeToken(segment: string): boolean {
  if (segment.length < 16 || !/^[A-Za-z0-9]+$/.test(segment)) return false;
  let switches = 0;
  for (let i = 1; i < segment.length; i++) {
    if (isDigit(segment.charCodeAt(i)) !== isDigit(segment.charCodeAt(i - 1))) switches++;
  }
  return switches >= 4;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
