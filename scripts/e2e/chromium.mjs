// The browser window of the e2e tests: Debian's Chromium, driven by playwright-core.
//
// After Chromium exits, its children linger as <defunct> for a few seconds until PID 1 reaps them.

import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Chromium flags that work on these machines (no GPU, no sandbox as root, no network but loopback). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium to drive: /usr/bin/chromium (or $ROBOTS_LENS_CHROMIUM); throws with the fix when absent.
 * @param {string} [executablePath]
 */
export function chromiumExecutable(executablePath) {
  const file = executablePath ?? process.env.ROBOTS_LENS_CHROMIUM ?? CHROMIUM_PATH;
  if (!existsSync(file)) {
    throw new Error(
      `e2e: Chromium not found at ${file}. Install it with \`apt-get update && apt-get install -y chromium\` ` +
        '(Playwright cannot download its own browser on these machines).',
    );
  }
  return file;
}

/**
 * (e) Launches Debian's Chromium through playwright-core. Never falls back or skips: no Chromium
 * is an error. Do not add --user-data-dir to the args (Playwright refuses it; launch() already
 * uses a fresh profile).
 *
 * @param {{ executablePath?: string }} [options]
 */
export async function launchChromium(options = {}) {
  const executablePath = chromiumExecutable(options.executablePath);
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}
