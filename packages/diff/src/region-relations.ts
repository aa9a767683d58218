/**
 * Containment and intersection of pattern languages, asked again and again for the same
 * pairs while one diff searches its cells: each answer is proved once and remembered, and
 * each proof is charged to the analysis's work budget, so a hard file stops in time.
 */

import { contains, intersects } from '@robots-lens/kernel/match';
import type { PatternLanguage } from '@robots-lens/kernel/match';
import type { WorkBudget } from './explore';

/** Work units charged for one containment or intersection proof. */
const RELATION_COST = 200;

export interface Relations {
  contains(outer: PatternLanguage, inner: PatternLanguage): boolean | undefined;
  intersects(a: PatternLanguage, b: PatternLanguage): boolean | undefined;
}

export function memoizedRelations(work: WorkBudget): Relations {
  const memo = new Map<string, boolean | undefined>();
  const remember = (key: string, compute: () => boolean | undefined): boolean | undefined => {
    if (memo.has(key)) return memo.get(key);
    work.left -= RELATION_COST;
    const answer = compute();
    memo.set(key, answer);
    return answer;
  };
  return {
    contains: (outer, inner) => remember(`c\u0000${outer.glob}\u0000${inner.glob}`, () => contains(outer, inner)),
    intersects: (a, b) => remember(`i\u0000${a.glob}\u0000${b.glob}`, () => intersects(a, b)),
  };
}
