/**
 * Explanations for people: what a pattern matches (in words and by verified example),
 * who uses a group, how a User-agent value is read, what a directive does. Pure data in,
 * plain data out; the language server renders it as hover text.
 */
export { explainPattern } from './pattern-meaning';
export type { PatternMeaning } from './pattern-meaning';
export { patternExamples, ruleOracle } from './pattern-examples';
export type { PatternExamples } from './pattern-examples';
export { chainText, groupAudience } from './group-audience';
export type { GroupAudience, GroupUser } from './group-audience';
export { crawlDelayText, purposesText, purposeText, readAgentValue } from './agent-reading';
export type { AgentReading } from './agent-reading';
export { DIRECTIVE_KEYS, describeDirective } from './directives';
export type { DirectiveDoc } from './directives';
export { samplePaths } from './sample-paths';
export { codeSpan } from './code-span';
