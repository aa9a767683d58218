// The hover words of item 13 (signals as they stand): Content-Signal's use level, the AIPREF
// labels later revisions removed, and DisallowAITraining / AllowAITraining lines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRobots } from '@robots-lens/kernel/parse';
import { preferenceHover } from '../../server/src/features/preference-hover';

function hoverOn(text: string, lineIndex: number): string | undefined {
  const file = parseRobots(text);
  return preferenceHover(file, file.lines[lineIndex]!);
}

const CASES: ReadonlyArray<[name: string, text: string, line: number, says: readonly RegExp[], saysNot?: readonly RegExp[]]> = [
  [
    "Cloudflare's use level",
    'User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /',
    1,
    [
      /^- `use` how AI systems may consume the content: immediate, reference or full, from least to most permissive — the most a use may be \(Cloudflare's managed robots\.txt\): reference$/m,
      /- `ai-train` AI training .*: no/,
      /^Of the crawlers in the catalogue, none is documented as honouring this line: it is a stated preference, not enforcement\. Cloudflare documents that its Browser Rendering crawl endpoint refuses a crawl that declares a use beyond the `use` level\./m,
    ],
    [/^No crawler operator in the catalogue is documented/m],
  ],
  ['a use that is no level', 'User-agent: *\nContent-Signal: use=partial', 1, [/^- `use` .*: not stated \(not immediate, reference or full\)$/m]],
  ['no use key, no use line', 'User-agent: *\nContent-Signal: search=yes', 1, [/- `search` /, /^No crawler operator in the catalogue is documented as honouring this line/m], [/`use`/, /Browser Rendering/]],
  [
    'labels of earlier revisions, with the revision that removed each',
    'User-agent: *\nContent-Usage: train-ai=n, ai-use=n, bots=n, all=n, train-genai=n, foo=y',
    1,
    [
      /^- ignored, not in this revision: `ai-use` \(the AI Use label of draft-ietf-aipref-vocab-02, removed in draft-ietf-aipref-vocab-03\), `bots` \(the Automated Processing label of draft-ietf-aipref-vocab-03 to -04, removed in draft-ietf-aipref-vocab-05\), `all` \(the Automated Processing label of draft-ietf-aipref-vocab-02, removed in draft-ietf-aipref-vocab-03\), `train-genai` \(the Generative AI Training label of draft-ietf-aipref-vocab-02 to -03, removed in draft-ietf-aipref-vocab-04\), `foo`$/m,
    ],
  ],
  [
    'DisallowAITraining: a rule for Google, a preference for no one',
    'User-agent: *\nDisallowAITraining: /',
    1,
    [
      /^\*\*Not an AI-training preference:\*\* `DisallowAITraining` is a proposed key that no crawler operator documents reading\.$/m,
      /^\*\*For Google it is a rule:\*\* Google's parser reads any key that starts with `Disallow` as Disallow, so Googlebot obeys this line as `Disallow: \/` — and so do this tool's verdicts, which follow Google\. Parsers that read keys strictly ignore it\.$/m,
      /write `Content-Usage: train-ai=n` or `Content-Signal: ai-train=no`/,
    ],
  ],
  ['AllowAITraining is read as Allow', 'User-agent: *\nAllowAITraining: /x', 1, [/Google's parser reads any key that starts with `Allow` as Allow, so Googlebot obeys this line as `Allow: \/x`/]],
];

for (const [name, text, line, says, saysNot = []] of CASES) {
  test(name, () => {
    const hover = hoverOn(text, line);
    assert.ok(hover !== undefined, 'a preference section');
    for (const re of says) assert.match(hover, re);
    for (const re of saysNot) assert.doesNotMatch(hover, re);
  });
}

test('a plain prefix key (Disallowed) has no preference section', () => {
  assert.equal(hoverOn('User-agent: *\nDisallowed: /x', 1), undefined);
  assert.equal(hoverOn('User-agent: *\nDisallow: /x', 1), undefined);
});
