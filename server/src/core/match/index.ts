export { RobotsMatcher, decide, matcherFor, pooledRules, indexHtmlPattern } from './matcher';
export type { DecideOptions } from './matcher';
export { compilePattern, matches } from './pattern';
export type { CompiledPattern } from './pattern';
export { normalizePattern, normalizeTarget, googleLiteralPattern, googleLiteralTarget, isUnreserved } from './normalize';
export { productToken, isStarAgent, tokenKey } from './product-token';
export { parseTarget, originOf, siteOrigin } from './target';
export type { Target, TargetResult } from './target';
export type { Verdict, VerdictReason, SelectedGroup, DecidingRule, GoogleLiteralDifference } from './verdict';
