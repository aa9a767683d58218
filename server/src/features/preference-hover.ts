/**
 * Hover on a Content-Usage, Content-Signal or License line: what it states, for which
 * paths and crawlers, the draft or policy it follows (pinned), and who is documented to
 * honour it. Rule text and URLs are shown as code or escaped text, never as Markdown.
 */

import { codeSpan } from '@robots-lens/editor/explain';
import { aiTrainingKey, CONTENT_SIGNAL_POLICY, CONTENT_SIGNAL_USE, CONTENT_USAGE_REVISION, LICENSE_STANDARD, preferenceStatements, removedUsageLabel } from '@robots-lens/kernel/preferences';
import { plural } from '@robots-lens/kernel/words';
import type { Line, RobotsFile } from '@robots-lens/kernel/parse';

const USAGE_MEANING = { 'train-ai': 'AI model training', search: 'search (indexing, links and snippets)' } as const;
const SIGNAL_MEANING = {
  search: 'search (build an index, show links and snippets — not AI summaries)',
  'ai-input': 'AI input (live input to AI answers: grounding, RAG)',
  'ai-train': 'AI training (train or fine-tune models)',
} as const;

/** Cloudflare's words for `use` (its managed robots.txt's comment block). */
const USE_MEANING = 'how AI systems may consume the content: immediate, reference or full, from least to most permissive — the most a use may be (Cloudflare\'s managed robots.txt)';

/**
 * Said instead of NOT_ENFORCED on a line with `use`: Cloudflare documents (changelog,
 * 2026-08-31) that its Browser Rendering crawl endpoint, a service and no catalogued crawler,
 * refuses a crawl that declares a use beyond the level, so "no one honours it" would be false.
 */
const USE_HONOURED =
  'Of the crawlers in the catalogue, none is documented as honouring this line: it is a stated preference, not enforcement. Cloudflare documents that its Browser Rendering crawl endpoint refuses a crawl that declares a use beyond the `use` level. What a compliant crawler enforces is Allow/Disallow.';

const NOT_ENFORCED = 'No crawler operator in the catalogue is documented as honouring this line: it is a stated preference, not enforcement. What a compliant crawler enforces is Allow/Disallow.';

/** The preference section of the hover on `line`, or undefined when it is no preference line. */
export function preferenceHover(file: RobotsFile, line: Line): string | undefined {
  const proposal = aiTrainingKey(line);
  if (proposal) return aiTrainingKeyHover(line, proposal);
  const statements = preferenceStatements(file);
  if (line.directive === 'content-usage') {
    const rule = statements.contentUsage.find((r) => r.line === line.index);
    if (!rule) return undefined;
    const out = [`**States** (per ${plainText(CONTENT_USAGE_REVISION)}):`, ''];
    if (!rule.parsed) {
      out.push(`- nothing certain: ${code(rule.preferenceText)} is not a Structured Fields Dictionary, so every preference of this line is unknown`);
    } else {
      for (const label of ['train-ai', 'search'] as const) {
        const value = rule.preferences[label];
        out.push(`- ${code(label)} ${USAGE_MEANING[label]}: ${value === 'unknown' ? 'unknown (not stated, or not y/n)' : value}`);
      }
      if (rule.unknownLabels.length > 0) out.push(`- ignored, not in this revision: ${rule.unknownLabels.map(unknownLabel).join(', ')}`);
    }
    out.push(
      '',
      rule.path === null
        ? '**For:** every URL of the group that no Content-Usage with a path matches.'
        : `**For:** URLs matching ${code(rule.path)} (normalised ${code(rule.normalized ?? '')}, ${plural(rule.octets, 'octet')}), unless a longer Content-Usage path matches; the same path given twice is combined, and "n" wins.`,
      '',
      audience(file, rule.group),
      '',
      'Only URLs the group lets the crawler fetch carry a preference; a disallowed URL has none.',
      '',
      NOT_ENFORCED,
    );
    return out.join('\n');
  }
  if (line.directive === 'content-signal') {
    const signal = statements.contentSignals.find((s) => s.line === line.index);
    if (!signal) return undefined;
    const out = [`**States** (per ${plainText(CONTENT_SIGNAL_POLICY)}; the expired draft-romm-aipref-contentsignals-00 defined the same three keys):`, ''];
    for (const key of ['search', 'ai-input', 'ai-train'] as const) {
      const value = signal.signals[key];
      out.push(`- ${code(key)} ${SIGNAL_MEANING[key]}: ${value ?? 'not stated (no preference)'}`);
    }
    const statesUse = signal.entries.some((entry) => entry.key.toLowerCase() === CONTENT_SIGNAL_USE.key);
    if (statesUse) out.push(`- ${code(CONTENT_SIGNAL_USE.key)} ${USE_MEANING}: ${signal.use ?? 'not stated (not immediate, reference or full)'}`);
    out.push('', '**For:** every URL of the group the crawler may fetch (Content-Signal has no path).', '', audience(file, signal.group), '', signal.use !== null ? USE_HONOURED : NOT_ENFORCED);
    return out.join('\n');
  }
  if (line.directive === 'license') {
    const license = statements.licenses.find((l) => l.line === line.index);
    if (!license) return undefined;
    return [
      `**Points to** ${code(license.url === '' ? '(empty)' : license.url)}, an RSL licence or feed (per ${plainText(LICENSE_STANDARD)}).`,
      '',
      '**For:** the whole file, like Sitemap: License belongs to no group, may repeat, and may point to another host.',
      '',
      'No crawler operator in the catalogue is documented as honouring RSL licences; it does not change what may be crawled.',
    ].join('\n');
  }
  return undefined;
}

/**
 * `DisallowAITraining:` / `AllowAITraining:`: what the line is for Google and for everyone else
 * (preferences/ai-training-key.ts), since its author likely meant a training preference.
 */
function aiTrainingKeyHover(line: Line, proposal: NonNullable<ReturnType<typeof aiTrainingKey>>): string {
  const canonical = proposal.readAs === 'disallow' ? 'Disallow' : 'Allow';
  const reading = line.value === '' ? `${canonical}:` : `${canonical}: ${line.value}`;
  return [
    `**Not an AI-training preference:** ${code(line.key ?? proposal.key)} is a proposed key that no crawler operator documents reading.`,
    '',
    `**For Google it is a rule:** Google's parser reads any key that starts with ${code(canonical)} as ${canonical}, so Googlebot obeys this line as ${code(reading)} — and so do this tool's verdicts, which follow Google. Parsers that read keys strictly ignore it.`,
    '',
    'To state a training preference, write `Content-Usage: train-ai=n` or `Content-Signal: ai-train=no` (requests, not enforcement); to keep a crawler out, disallow it in its own group.',
  ].join('\n');
}

/** An ignored label as code, with the revisions that had it when an earlier one did. */
function unknownLabel(label: string): string {
  const removed = removedUsageLabel(label);
  return removed ? `${code(label)} (the ${plainText(removed.category)} label of ${removed.definedIn}, removed in ${removed.removedIn})` : code(label);
}

function audience(file: RobotsFile, group: number): string {
  const agents = file.groups[group]?.agents ?? [];
  if (agents.length === 0) return '**Crawlers:** none — the line is before any User-agent line, so no crawler reads it.';
  const named = agents.map((a) => code(a.value === '' ? '(empty)' : a.value)).join(', ');
  const star = agents.some((a) => a.isStar);
  return `**Crawlers:** those that obey the group of ${named}${star ? ' — every crawler without a group of its own' : ''}, and only them.`;
}

/** Catalogue text shown as text: Markdown characters escaped. */
function plainText(text: string): string {
  return text.replace(/[\\`*_{}[\]<>#|~]/g, (c) => `\\${c}`);
}

/** An inline code span that no run of backticks in the text can close: line values are remote content. */
function code(text: string): string {
  return codeSpan(text);
}
