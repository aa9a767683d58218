/**
 * Git HEAD in a browser: there is no git to run. Swapped in for `../git-head.ts` by the web
 * build; says why and what works instead, so Compare with… never fails silently.
 */

import type { gitHeadText as nodeGitHeadText } from '../git-head';

export const gitHeadText: typeof nodeGitHeadText = () =>
  Promise.resolve({
    ok: false,
    reason: 'not-in-git',
    message:
      'git is not available in the browser, so there is no git HEAD to compare with. Compare with "Another file…" instead ' +
      '(for the committed version, open it from the Source Control view and save a copy), or paste the old version into a new robots.txt file.',
  });
