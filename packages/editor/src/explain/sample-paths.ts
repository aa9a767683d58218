/**
 * Paths that exercise a file's own rules, for the crawler matrix: the home page, then for
 * each rule its literal prefix (where the rule starts to bite) and a path it matches.
 */

import { patternLanguage } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { patternExamples } from './pattern-examples';

export function samplePaths(file: RobotsFile, limit = 60): string[] {
  const paths = new Set<string>(['/']);
  for (const group of file.groups) {
    for (const rule of group.rules) {
      if (paths.size >= limit) return [...paths];
      if (rule.normalized === '') continue;
      const prefix = patternLanguage(rule.normalized).literalPrefix;
      if (prefix.startsWith('/')) paths.add(prefix);
      const sample = patternExamples(rule.pattern, rule.kind, 3).matching.find((path) => path !== prefix);
      if (sample !== undefined && paths.size < limit) paths.add(sample);
    }
  }
  return [...paths];
}
