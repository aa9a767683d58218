// Lint cases about Allow and Disallow rules: patterns, shadowing, percent-encoding and paths
// (test/support/lint.ts has the helpers).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';
import { cases } from '../support/lint';

cases(
  'empty-disallow-ignored',
  [
    ['beside a Disallow', 'User-agent: *\n|Disallow:\nDisallow: /x', { message: /"Disallow: \/x" \(line 3\) still applies/ }],
    ['merged groups (seed example)', 'User-agent: ExampleBot\nDisallow: /private/\n|Disallow:\nUser-agent: ExampleBot\nAllow: /private/help.html$'],
    ['the Disallow comes from another group of the same agent', 'User-agent: A\n|Disallow:\n\nUser-agent: a\nDisallow: /x', { message: /merged/ }],
    ['alone: allow all', 'User-agent: *\nDisallow:'],
    ['beside Allow rules only: everything is allowed anyway', 'User-agent: *\nDisallow:\nAllow: /x'],
    ['rules of other agents do not count', 'User-agent: A\nDisallow:\n\nUser-agent: B\nDisallow: /'],
  ],
  [['remove the line', 'User-agent: *\nDisallow:\nDisallow: /x', 'User-agent: *\nDisallow: /x']],
);

cases(
  'shadowed-rule',
  [
    ['exact duplicate', 'User-agent: *\nDisallow: /x\n|Disallow: /x', { message: /it repeats "Disallow: \/x" \(line 2\) earlier in the same group/ }],
    ['Allow vs Disallow on the same path', 'User-agent: *\n|Disallow: /x\nAllow: /x', { message: /"Allow: \/x" \(line 3\) also matches and is as long; on a tie between an Allow and a Disallow, the Allow wins\.$/ }],
    // Two Disallows tie: the verdict is the same, and neither is an Allow.
    ['two Disallow rules as long', 'User-agent: *\nDisallow: /a*\n|Disallow: /a/', { message: /"Disallow: \/a\*" \(line 2\) also matches and is as long\. Two Disallow rules that tie give the same verdict, and the earlier line is the one that decides: this rule adds nothing\.$/ }],
    ['a longer rule', 'User-agent: *\nAllow: /x/*\n|Disallow: /x/', { message: /on every URL it matches, the longer rule "Allow: \/x\/\*" \(line 2\) also matches and wins\.$/ }],
    ['/x vs /x*', 'User-agent: *\nAllow: /x*\n|Disallow: /x'],
    ['duplicate across merged groups', 'User-agent: A\nDisallow: /x\n\nUser-agent: A\n|Disallow: /x'],
    ['a longer Allow only covers part', 'User-agent: *\nDisallow: /x\nAllow: /x/y'],
    ['dead in one pool only (group named by two tokens)', 'User-agent: A\nUser-agent: B\nDisallow: /x\n\nUser-agent: A\nAllow: /x'],
    // One finding per group: the other dead rules are related locations with their own reasons.
    ['the shadowed rules of a group are one finding per reason', 'User-agent: *\nDisallow: /x\n|Disallow: /x\nDisallow: /y\nDisallow: /y\nDisallow: /z\nDisallow: /z', { message: / 2 more rules of this group never decide anything either, for the same reason \(lines 5 and 7\)\.$/ }],
    ['a repeat and a tie are two reasons', 'User-agent: *\nDisallow: /x\n|Disallow: /x\n|Disallow: /y\nAllow: /y'],
    ['a group repeated for other crawlers shares the finding', 'User-agent: A\nDisallow: /x\n|Disallow: /x\n\nUser-agent: B\nDisallow: /x\nDisallow: /x\n\nUser-agent: C\nDisallow: /x\nDisallow: /x', { message: /it repeats "Disallow: \/x" \(line 2\) earlier in the same group\. The same rule is in 2 more groups \(from lines 7 and 11\), with the same effect\.$/ }],
    ['groups whose dead rules differ are findings of their own', 'User-agent: A\nDisallow: /x\n|Disallow: /x\n\nUser-agent: B\nDisallow: /y\n|Disallow: /y'],
  ],
  [
    ['remove the rule', 'User-agent: *\nDisallow: /x\nDisallow: /x\n', 'User-agent: *\nDisallow: /x\n'],
    ['remove the shadowed rules of the group', 'User-agent: *\nDisallow: /x\nDisallow: /x\nDisallow: /y\nDisallow: /y\n', 'User-agent: *\nDisallow: /x\nDisallow: /y\n', /^Remove these 2 shadowed rules of this group$/],
    [
      'or of every group that repeats them',
      'User-agent: A\nDisallow: /x\nDisallow: /x\n\nUser-agent: B\nDisallow: /x\nDisallow: /x\n',
      'User-agent: A\nDisallow: /x\n\nUser-agent: B\nDisallow: /x\n',
      /^Remove these 2 shadowed rules from all 2 groups$/,
    ],
  ],
);

cases(
  'redundant-rule',
  [
    ['Disallow: /a/b under Disallow: /a', 'User-agent: *\nDisallow: /a\n|Disallow: /a/b'],
    ['an Allow in between keeps it alive', 'User-agent: *\nDisallow: /a\nAllow: /a/\nDisallow: /a/b'],
    ['redundant in one pool only', 'User-agent: A\nUser-agent: B\nDisallow: /a/b\n\nUser-agent: A\nDisallow: /a'],
    ['Allow: / alone is the allow-all idiom', 'User-agent: *\nAllow: /'],
    // Longer Disallows do match some of its URLs: they decide those, with or without it.
    ['an Allow whose shared URLs longer Disallows decide', 'User-agent: *\n|Allow: /shop/\nDisallow: /shop/cart\nDisallow: /blog', { message: /^"Allow: \/shop\/" changes no verdict: where a Disallow rule also matches, it is longer and decides instead \("Disallow: \/shop\/cart" \(line 3\)\); everywhere else no Disallow rule matches/ }],
    ['an Allow no Disallow meets', 'User-agent: *\n|Allow: /x\nDisallow: /y', { message: /^"Allow: \/x" changes no verdict: no Disallow rule matches the URLs it matches, and URLs no rule disallows are allowed anyway\.$/ }],
  ],
  [
    ['remove the rule', 'User-agent: *\nDisallow: /a\nDisallow: /a/b', 'User-agent: *\nDisallow: /a'],
    // Both hand their URLs to "Disallow: /a", which stays.
    ['remove the redundant rules of the group', 'User-agent: *\nDisallow: /a\nDisallow: /a/b\nDisallow: /a/c\n', 'User-agent: *\nDisallow: /a\n', /^Remove these 2 redundant rules of this group$/],
  ],
);

cases(
  'pattern-never-matches',
  [
    ['no leading slash', 'User-agent: *\nDisallow: |private/', { severity: 'error', message: /starts with "p"/ }],
    ['a full URL', 'User-agent: *\nDisallow: |https://example.com/internal/', { message: /full URL.* if that is example\.com, the rule meant "Disallow: \/internal\/"; a rule for another host belongs in that host's robots\.txt\.$/ }],
    ['a full URL of the home page', 'User-agent: *\nDisallow: |https://example.com/', { message: /if that is example\.com, the rule meant "Disallow: \/", which closes the whole site/ }],
    ['an encoded slash', 'User-agent: *\nDisallow: |%2Fprivate'],
    ['a lone $', 'User-agent: *\nAllow: |$'],
    ['also before any group', 'Disallow: |private/'],
    ['a leading * is fine', 'User-agent: *\nDisallow: *.pdf'],
    ['empty is another rule', 'User-agent: *\nDisallow:'],
    // One finding per cause: the other rules with it are related locations.
    ['rules of one cause are one finding', 'User-agent: *\nDisallow: |organization/a.pdf\nDisallow: organization/b.pdf\nDisallow: organization/c.pdf\nDisallow: |http://other.example/x\n\nUser-agent: B\nDisallow: http://other.example/y', { message: /(So do 2 more rules starting without "\/" \(lines 3 and 4\)\.|So does 1 more rule written as a full URL \(line 8\)\.)$/ }],
  ],
  [
    ['prefix /', 'User-agent: *\nDisallow: private/', 'User-agent: *\nDisallow: /private/'],
    // Which host serves the file is not in it: a URL is never moved onto this host, only removed.
    ['a full URL is removed, not moved onto this host', 'User-agent: *\nDisallow: /x\nDisallow: https://example.com/internal/ # old\n', 'User-agent: *\nDisallow: /x\n', /^Remove the rule \(it matches nothing; a rule for another host belongs in that host's robots\.txt\)$/],
    ['a URL with no path is removed, never written as /', 'User-agent: *\nDisallow: /x\nDisallow: https://example.com', 'User-agent: *\nDisallow: /x'],
    ['a bare host name is removed (preferred: none)', 'User-agent: *\nDisallow: /x\nDisallow: www.example.com/private', 'User-agent: *\nDisallow: /x', /^Remove the rule/],
    ['or prefixed, staying a path of this host', 'User-agent: *\nDisallow: index.php/private', 'User-agent: *\nDisallow: /index.php/private', /^Prefix "\/":/],
    ['an extension anywhere', 'User-agent: *\nDisallow: .pdf$', 'User-agent: *\nDisallow: /*.pdf$'],
    ['or right after the first slash', 'User-agent: *\nDisallow: .pdf$', 'User-agent: *\nDisallow: /.pdf$', /^Prefix "\/":/],
    ['decode the encoded slash', 'User-agent: *\nDisallow: %2fprivate', 'User-agent: *\nDisallow: /private'],
    ['prefix / to every pattern of the cause', 'User-agent: *\nDisallow: a/\nDisallow: b/', 'User-agent: *\nDisallow: /a/\nDisallow: /b/', /^Prefix "\/" to the 2 patterns$/],
    ['remove every full URL', 'User-agent: *\nDisallow: /x\nDisallow: http://a.example/\nDisallow: http://b.example/y', 'User-agent: *\nDisallow: /x', /^Remove the 2 rules/],
  ],
);

cases(
  'pattern-space',
  [
    ['a space inside a pattern', 'User-agent: *\nDisallow: |/foo bar', { severity: 'warning', message: /^"Disallow: \/foo bar" has a space in its pattern\. Crawlers send a space in a URL as "%20" \(\/foo%20bar\), which this pattern, compared as written, does not match/ }],
    ['two paths on one line', 'User-agent: *\nDisallow: |/a /b', { message: /If these are 2 paths, each needs a Disallow line of its own\.$/ }],
    ['no space', 'User-agent: *\nDisallow: /foo%20bar'],
  ],
  [
    ['write %20', 'User-agent: *\nDisallow: /foo bar', 'User-agent: *\nDisallow: /foo%20bar'],
    ['one rule per path', 'User-agent: *\nDisallow: /a /b\n', 'User-agent: *\nDisallow: /a\nDisallow: /b\n'],
    ['never a rule for the whole site', 'User-agent: *\nDisallow: / /private', 'User-agent: *\nDisallow: /%20/private'],
  ],
);

cases(
  'pattern-regex',
  [
    ['escapes and dot-star', 'User-agent: *\nDisallow: |/.*\\.pdf$', { severity: 'warning', message: /uses regular-expression syntax \(backslash escapes such as "\\\.", "\.\*" or "\.\+"\), but robots\.txt patterns have none: only "\*" \(any characters\) and a final "\$" are special\. As written, it matches paths that start with "\/\.", then contain "\\\.pdf", and end there — the characters as written\.$/ }],
    ['a character class', 'User-agent: *\nDisallow: |/[_0-9a-z]+/status'],
    ['a leading ^', 'User-agent: *\nDisallow: |^/private'],
    // Fine robots.txt patterns that only look like regular expressions.
    ['not regular expressions', 'User-agent: *\nDisallow: /index.*\nDisallow: /*.pdf$\nDisallow: /.*\nDisallow: /title[Sophocles]\nDisallow: /a+b'],
  ],
  [
    ['rewrite a simple one', 'User-agent: *\nDisallow: /.*\\.pdf$', 'User-agent: *\nDisallow: /*.pdf$'],
  ],
);

// "|" marks a finding in the fixtures above, so alternatives are tested here.
test('pattern-regex: alternatives, and no rewrite for them', () => {
  const found = lint(parseRobots('User-agent: *\nDisallow: /(en|de)/cart')).filter((f) => f.id === 'pattern-regex');
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /alternatives "\(…\|…\)"/);
  assert.equal(found[0]!.fixes, undefined);
});

cases(
  'pattern-mojibake',
  [
    ['UTF-8 read as Latin-1', 'User-agent: *\nDisallow: |/vocabul\u00c3\u00a1rio/', { severity: 'warning', message: /looks like UTF-8 encoded twice: "Ã¡" is "á" whose UTF-8 bytes were read as characters and encoded again\. Crawlers request "á" as "%C3%A1", which this rule does not match\. The author most likely meant "\/vocabulário\/"\.$/ }],
    ['the same, percent-encoded', 'User-agent: *\nDisallow: |/caf%C3%83%C2%A9', { message: /The author most likely meant "\/caf%C3%A9"\.$/ }],
    ['plain UTF-8 and Latin-1 words', 'User-agent: *\nDisallow: /café\nDisallow: /%C3%A9t%C3%A9\nDisallow: /Ægir'],
  ],
  [['write what was meant', 'User-agent: *\nDisallow: /caf%C3%83%C2%A9', 'User-agent: *\nDisallow: /caf%C3%A9']],
);

cases('dollar-not-at-end', [
  ['$ in the middle', 'User-agent: *\nDisallow: /*.pdf|$?*', { message: /literal "\$"/ }],
  ['final $ anchors', 'User-agent: *\nDisallow: /*.pdf$'],
  ['only the inner one of two', 'User-agent: *\nDisallow: /a|$$'],
]);

cases(
  'percent-encoding-*',
  [
    // One finding per kind of escape, the others folded in.
    ['lower-case hex', 'User-agent: *\nDisallow: /out?url=https|%3a%2f%2f', { id: 'percent-encoding-lower-case', severity: 'hint', message: /The same goes for 2 more lower-case escapes \(line 2\)\.$/ }],
    ['encoded unreserved character', 'User-agent: *\nDisallow: /|%62log', { id: 'percent-encoding-unreserved', severity: 'warning', message: /Google's parser compares it literally/ }],
    ['raw non-ASCII', 'User-agent: *\nDisallow: /|ツ/', { id: 'percent-encoding-non-ascii', severity: 'hint', message: /"ツ" as "%E3%83%84"/ }],
    ['one hint per pattern', 'User-agent: *\nDisallow: /|ä/b/ö', { id: 'percent-encoding-non-ascii' }],
    ['a stray %', 'User-agent: *\nDisallow: /100|%\nDisallow: /a%zz', { id: 'percent-encoding-stray-percent', severity: 'warning', message: /So is 1 more "%" \(line 3\)\.$/ }],
    ['encoded twice', 'User-agent: *\nDisallow: /*?q=a|%253Db', { id: 'percent-encoding-double', severity: 'warning', message: /^"%253D" is "%3D" percent-encoded twice \("%25" is "%"\): the rule matches URLs that carry "%253D", not the "%3D" that links and crawlers usually send/ }],
    ['non-ASCII in several patterns', 'User-agent: *\nDisallow: /|ä/\nDisallow: /ö/', { id: 'percent-encoding-non-ascii', message: /The same goes for 1 more pattern \(line 3\)\.$/ }],
    ['well-formed escapes', 'User-agent: *\nDisallow: /a%2Fb\nDisallow: /%E3%83%84\nDisallow: /%2A'],
    ['replacement characters are left to encoding', 'User-agent: *\nDisallow: /caf\uFFFD'],
  ],
  [
    ['upper-case the hex', 'User-agent: *\nDisallow: /a%3a', 'User-agent: *\nDisallow: /a%3A'],
    ['write the plain character', 'User-agent: *\nDisallow: /%62log', 'User-agent: *\nDisallow: /blog'],
    ['encode non-ASCII', 'User-agent: *\nDisallow: /ツ/', 'User-agent: *\nDisallow: /%E3%83%84/'],
    ['encode only the non-ASCII', 'User-agent: *\nDisallow: /ä/%2f/ö', 'User-agent: *\nDisallow: /%C3%A4/%2f/%C3%B6', /Percent-encode/],
    ['encode the percent sign', 'User-agent: *\nDisallow: /100%', 'User-agent: *\nDisallow: /100%25'],
    ['encoded once, as meant', 'User-agent: *\nDisallow: /*?q=a%253Db', 'User-agent: *\nDisallow: /*?q=a%3Db'],
    ['upper-case every escape', 'User-agent: *\nDisallow: /a%3a\nDisallow: /b%2f', 'User-agent: *\nDisallow: /a%3A\nDisallow: /b%2F', /^Write the 2 escapes in upper case$/],
  ],
);

cases(
  'robots-txt-path',
  [
    ['exactly /robots.txt', 'User-agent: *\n|Disallow: /robots.txt$', { severity: 'hint', message: /has no effect/ }],
    ['a prefix still matches other URLs', 'User-agent: *\n|Disallow: /robots.txt', { message: /\/robots\.txt\?x/ }],
    ['much more than /robots.txt', 'User-agent: *\nDisallow: /\nDisallow: /*.txt$\nDisallow: /robots.txt.bak'],
  ],
  [['remove', 'User-agent: *\nDisallow: /x\nAllow: /robots.txt$', 'User-agent: *\nDisallow: /x']],
);

cases('private-path-disclosure', [
  ['a backup', 'User-agent: *\nDisallow: |/admin-backup/', { severity: 'hint', message: /robots\.txt is public.*"admin-backup" suggests a backup or credentials/ }],
  ['a backup file anywhere', 'User-agent: *\nDisallow: |/content/site-backup.zip\nDisallow: |/etc/passwd'],
  ['a .git folder', 'User-agent: *\nDisallow: |/.git/'],
  ['a token', 'User-agent: *\nDisallow: |/download/8f14e45fceea167a5a36dedd4bea2543'],
  ['a private area at the top of the site', 'User-agent: *\nDisallow: |/private/\nDisallow: |/_secret\nDisallow: |/staging/*', { message: /suggests something private/ }],
  ['ordinary paths', 'User-agent: *\nDisallow: /cart/\nDisallow: /summer2024sale/\nDisallow: /privacy-policy\nDisallow: /ForgotPassword\nDisallow: /suntrustprivatewealth'],
  // Whole words of product and page names, not private areas.
  ['"private" and "secret" in names of products and pages', 'User-agent: *\nDisallow: /private-banking/\nDisallow: /sites/secret\nDisallow: /treasures-private-client/faq.page\nDisallow: /jobs/private/*\nDisallow: /videoeggbackup.html'],
  ['a page id followed by more path', 'User-agent: *\nDisallow: /programmes/profiles/qWq8hB1135cdgj2cqNXyWB/fundraising-ideas\nDisallow: /agents/58386a0cf70a250001177f2d'],
  ['Allow names nothing hidden', 'User-agent: *\nAllow: /secret/'],
]);

describe('shadowed by Google’s index.html rule', () => {
  test('the message names the implicit directory rule', () => {
    const findings = lint(parseRobots('User-agent: *\nDisallow: /dir/$\nAllow: /dir/index.html\n')).filter((f) => f.id === 'shadowed-rule');
    assert.equal(findings.length, 1);
    assert.match(findings[0]!.message, /as also allowing \/dir\/ exactly/);
  });
});
