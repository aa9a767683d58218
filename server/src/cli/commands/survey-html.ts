/**
 * A survey as one self-contained HTML page: the sites × crawlers matrix, each cell's
 * category in colour and in words, and its tested paths with their deciding lines on hover
 * and keyboard focus (CSS only). No script, no network: inline styles only, and a Content-Security-Policy
 * that forbids loading anything. Every text from outside (sites, crawlers, paths, rule text
 * from fetched files) is escaped, control characters shown as `\xNN`.
 */

import { categoryWords, hostOf, totalsLines } from '@robots-lens/fetch/survey';
import type { SiteSurvey, SurveyAgent, SurveyCategory, SurveyTotals } from '@robots-lens/fetch/survey';
import { escapeLine } from '../output';

/** Each category's words and colours (dark text on the light yellow, for contrast). */
const CELL: Readonly<Record<SurveyCategory, { readonly label: string; readonly colour: string; readonly ink: string }>> = {
  site: { label: 'whole site', colour: '#c62828', ink: '#fff' },
  'all-tested': { label: 'every tested path', colour: '#e65100', ink: '#fff' },
  'some-tested': { label: 'some paths', colour: '#fdd835', ink: '#111' },
  none: { label: 'none', colour: '#2e7d32', ink: '#fff' },
};

const STYLE = [
  'body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#111;background:#fff}',
  'table{border-collapse:collapse}',
  'th,td{border:1px solid #bbb;padding:4px 8px;text-align:left;vertical-align:top}',
  'td.cell{font-weight:600;cursor:help;position:relative}',
  // The deciding lines show on hover or keyboard focus, with no script: CSS alone.
  'td.cell .why{display:none;position:absolute;z-index:1;left:0;top:100%;min-width:28em;padding:6px 8px;background:#fff;color:#111;font-weight:400;border:1px solid #555;white-space:pre-wrap;box-shadow:0 2px 6px rgba(0,0,0,.3)}',
  'td.cell:hover .why,td.cell:focus .why{display:block}',
  'td.failed{background:#eee;color:#111}',
  '.legend span{display:inline-block;margin-right:1em;padding:2px 6px;color:#fff}',
  'pre{white-space:pre-wrap}',
].join('');

/** The page for these sites and totals. */
export function surveyHtml(sites: readonly SiteSurvey[], agents: readonly string[], totals: SurveyTotals, title = 'robots.txt survey'): string {
  const head = `<tr><th>site</th><th>robots.txt</th>${agents.map((a) => `<th>${text(a)}</th>`).join('')}</tr>`;
  const rows = sites.map((site) => {
    const status = site.fetch.status === null ? `no answer` : `${site.fetch.status} (${site.fetch.state})`;
    const fetchCell = `<td class="${site.failed !== undefined ? 'failed' : ''}" title="${attribute(site.failed ?? site.fetch.explanation)}">${text(status)}${site.failed !== undefined ? ' — failed' : ''}</td>`;
    const cells = agents.map((agent) => {
      const found = site.agents.find((a) => a.agent === agent);
      return found ? agentCell(site, found) : '<td></td>';
    });
    return `<tr><th>${text(hostOf(site.site))}</th>${fetchCell}${cells.join('')}</tr>`;
  });
  const legend = (Object.keys(CELL) as SurveyCategory[]).map((c) => `<span style="background:${CELL[c].colour};color:${CELL[c].ink}">${text(CELL[c].label)}</span>`).join('');
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${text(title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${text(title)}</h1>`,
    `<p class="legend">Crawler categories: ${legend}. "Whole site" means every URL is disallowed, proved from the rules or because robots.txt was unreachable; hover or focus a cell for its tested paths and deciding lines.</p>`,
    `<table><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`,
    '<h2>Totals</h2>',
    `<pre>${totalsLines(totals).map(text).join('\n')}</pre>`,
    '</body></html>',
    '',
  ].join('\n');
}

function agentCell(site: SiteSurvey, agent: SurveyAgent): string {
  const lines = [categoryWords(agent)];
  for (const v of site.verdicts.filter((x) => x.agent === agent.agent)) {
    lines.push(`${v.path}: ${v.allowed ? 'allowed' : 'disallowed'}${v.line !== null ? ` by line ${v.line}: ${v.rule ?? ''}` : v.reason === 'fetch-state' ? ` (robots.txt ${site.fetch.state})` : ' (no rule)'}`);
  }
  const { label, colour, ink } = CELL[agent.category];
  return `<td class="cell" tabindex="0" style="background:${colour};color:${ink}">${text(label)}<span class="why">${lines.map(text).join('\n')}</span></td>`;
}

/** Text as HTML: markup characters as entities, control characters as `\xNN`. */
function text(value: string): string {
  return escapeLine(value).replace(/[&<>"']/g, (c) => ENTITY[c]!);
}

/** Text in a quoted attribute: as `text`, with the line breaks of a tooltip kept. */
function attribute(value: string): string {
  return value.split('\n').map(text).join('&#10;');
}

const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
