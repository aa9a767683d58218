/**
 * Page-level directives (`X-Robots-Tag`, robots meta tags): indexing and snippets, not
 * crawling. The caller extracts headers and meta tags (HTML parsing lives outside the core);
 * this reads them, combines them per crawler and relates them to crawl permission.
 */
export { readPageDirectives, readCount, readDate } from './read';
export type { DirectiveProblem, DirectiveSource, MetaTag, PageDirective, PageDirectives, ReadDirectivesOptions } from './read';
export { effectiveDirectives, summarize as summarizeDirectives } from './combine';
export type { DirectiveUse, EffectiveDirective, EffectiveDirectives, EffectiveName, SetAsideDirective } from './combine';
export { assessIndexing } from './assess';
export type { IndexingAssessment, IndexingQuestion } from './assess';
