/**
 * Every check, one file each. A check file exports `RULES`, the rows of the lint table it
 * reports (id, title, description; the default severities are `../severities.ts`), and `check`, which reports findings
 * of those rules by id. Add a check here and the rule table has its rows.
 */

import type { CheckFile } from '../types';
import * as aiPreferenceContradictions from './ai-preference-contradictions';
import * as aiTrainingDirective from './ai-training-directive';
import * as blocksEverything from './blocks-everything';
import * as contentSignal from './content-signal';
import * as contentUsage from './content-usage';
import * as contentUsageNoEffect from './content-usage-no-effect';
import * as controlToken from './control-token';
import * as crawlDelay from './crawl-delay';
import * as crawlDelayConflict from './crawl-delay-conflict';
import * as detachedGroup from './detached-group';
import * as dollarNotAtEnd from './dollar-not-at-end';
import * as duplicateGroup from './duplicate-group';
import * as emptyDisallowIgnored from './empty-disallow-ignored';
import * as encoding from './encoding';
import * as googleOnlySpelling from './google-only-spelling';
import * as license from './license';
import * as looksLikeHtml from './looks-like-html';
import * as namedGroupWithoutRules from './named-group-without-rules';
import * as patternMojibake from './pattern-mojibake';
import * as patternNeverMatches from './pattern-never-matches';
import * as patternRegex from './pattern-regex';
import * as patternSpace from './pattern-space';
import * as percentEncoding from './percent-encoding';
import * as preferenceOutsideGroup from './preference-outside-group';
import * as privatePathDisclosure from './private-path-disclosure';
import * as redundantRule from './redundant-rule';
import * as robotsTxtPath from './robots-txt-path';
import * as ruleAnalysisSkipped from './rule-analysis-skipped';
import * as ruleOutsideGroup from './rule-outside-group';
import * as sectionWithoutUserAgent from './section-without-user-agent';
import * as shadowedRule from './shadowed-rule';
import * as sitemapNotAbsolute from './sitemap-not-absolute';
import * as sizeLimit from './size-limit';
import * as starRulesNotInherited from './star-rules-not-inherited';
import * as unknownDirective from './unknown-directive';
import * as unsupportedDirective from './unsupported-directive';
import * as userAgentName from './user-agent-name';
import * as userAgentToken from './user-agent-token';

export const CHECKS = [
  // The order of the rule table (settings, SARIF); lint() sorts findings by position anyway.
  detachedGroup,
  emptyDisallowIgnored,
  shadowedRule,
  redundantRule,
  ruleAnalysisSkipped,
  ruleOutsideGroup,
  unknownDirective,
  googleOnlySpelling,
  patternNeverMatches,
  userAgentToken,
  userAgentName,
  starRulesNotInherited,
  namedGroupWithoutRules,
  duplicateGroup,
  controlToken,
  crawlDelay,
  crawlDelayConflict,
  unsupportedDirective,
  sitemapNotAbsolute,
  dollarNotAtEnd,
  patternSpace,
  patternRegex,
  patternMojibake,
  percentEncoding,
  blocksEverything,
  robotsTxtPath,
  sizeLimit,
  looksLikeHtml,
  encoding,
  privatePathDisclosure,
  sectionWithoutUserAgent,
  contentSignal,
  contentUsage,
  contentUsageNoEffect,
  license,
  preferenceOutsideGroup,
  aiPreferenceContradictions,
  aiTrainingDirective,
] as const satisfies readonly CheckFile[];
