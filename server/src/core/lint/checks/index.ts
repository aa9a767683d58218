/** Every check, one file each. Add a check here and its rule to `../rules.ts`. */

import type { Check } from '../types';
import { blocksEverything } from './blocks-everything';
import { controlToken } from './control-token';
import { crawlDelay } from './crawl-delay';
import { detachedGroup } from './detached-group';
import { dollarNotAtEnd } from './dollar-not-at-end';
import { duplicateGroup } from './duplicate-group';
import { emptyDisallowIgnored } from './empty-disallow-ignored';
import { encoding } from './encoding';
import { googleOnlySpelling } from './google-only-spelling';
import { looksLikeHtml } from './looks-like-html';
import { patternNeverMatches } from './pattern-never-matches';
import { percentEncoding } from './percent-encoding';
import { privatePathDisclosure } from './private-path-disclosure';
import { redundantRule } from './redundant-rule';
import { robotsTxtPath } from './robots-txt-path';
import { ruleOutsideGroup } from './rule-outside-group';
import { shadowedRule } from './shadowed-rule';
import { sitemapNotAbsolute } from './sitemap-not-absolute';
import { sizeLimit } from './size-limit';
import { starRulesNotInherited } from './star-rules-not-inherited';
import { unknownDirective } from './unknown-directive';
import { unsupportedDirective } from './unsupported-directive';
import { userAgentToken } from './user-agent-token';

export const CHECKS: readonly Check[] = [
  // Order follows the rule table in ../rules.ts; lint() sorts findings by position anyway.
  detachedGroup,
  emptyDisallowIgnored,
  shadowedRule,
  redundantRule,
  ruleOutsideGroup,
  unknownDirective,
  googleOnlySpelling,
  patternNeverMatches,
  userAgentToken,
  starRulesNotInherited,
  duplicateGroup,
  controlToken,
  crawlDelay,
  unsupportedDirective,
  sitemapNotAbsolute,
  dollarNotAtEnd,
  percentEncoding,
  blocksEverything,
  robotsTxtPath,
  sizeLimit,
  looksLikeHtml,
  encoding,
  privatePathDisclosure,
];
