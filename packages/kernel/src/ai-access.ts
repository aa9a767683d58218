/**
 * What AI crawlers may do on a site, by purpose: the access summary, the preferences each
 * path states per group, and "Block AI training, keep search" as an edit.
 */
export { blockPurposeEdit, crawlersToBlock, editedText } from './preferences/block-purpose';
export type { BlockEdit, BlockOptions, BlockScope } from './preferences/block-purpose';
export { aiAccess, ignoreAttribution, ignoreNote, mayIgnoreRobotsTxt } from './preferences/ai-access';
export type { AccessStatement, RobotsTxtRespectFacts, CrawlerAccess, CrawlerAccessEntry, PurposeAccess } from './preferences/ai-access';
export { preferencesByPath } from './preferences/path-preferences';
export type { PathPreferenceCell, PathPreferences, PreferenceGroup } from './preferences/path-preferences';
