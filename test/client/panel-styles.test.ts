import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

// Every panel links media/base.css before its own stylesheet (client/src/webview-page.ts): the
// rules all panels share are written there once, and no panel stylesheet writes them again.

const MEDIA = join(__dirname, '..', '..', 'media');

/** `selector → declarations` of a stylesheet, comments left out, white space folded. */
function rules(css: string): Array<{ selector: string; declarations: string[] }> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
    selector: m[1]!.trim().replace(/\s+/g, ' '),
    declarations: m[2]!.split(';').map((d) => d.trim().replace(/\s+/g, ' ')).filter((d) => d !== ''),
  }));
}

const base = rules(readFileSync(join(MEDIA, 'base.css'), 'utf8'));
const panels = readdirSync(MEDIA).filter((name) => name.endsWith('.css') && name !== 'base.css');

test('base.css holds the page, the title, muted text, hidden and link buttons, and text for screen readers only', () => {
  assert.deepEqual(base.map((r) => r.selector), ['body', 'h1', '.muted', '[hidden]', 'button.link', 'button.link:hover', '.visually-hidden']);
  assert.ok(panels.length >= 4, panels.join(', '));
});

test('no panel stylesheet repeats a declaration of base.css for the same selector', () => {
  for (const name of panels) {
    for (const rule of rules(readFileSync(join(MEDIA, name), 'utf8'))) {
      for (const selector of rule.selector.split(',').map((s) => s.trim())) {
        const shared = base.find((b) => b.selector === selector);
        if (!shared) continue;
        const repeated = rule.declarations.filter((d) => shared.declarations.includes(d));
        assert.deepEqual(repeated, [], `${name}: ${selector} repeats ${repeated.join('; ')}`);
      }
    }
  }
});
