/**
 * A survey of many sites, the pure half: one site's fetch, file and verdicts as data
 * (`surveySite`), the whole site proved disallowed from the rules (`wholeSiteDisallowedBy`),
 * totals in words that do not overclaim, and what changed since a previous survey. The
 * fetching lives in `server/src/node`, the command in `server/src/cli/commands/survey.ts`.
 */
export { surveySite } from './site-survey';
export type { SiteSurvey, SurveyAgent, SurveyCategory, SurveyFetch, SurveyHop, SurveyPolicy, SurveyQuestion, SurveyVerdict } from './site-survey';
export { wholeSiteDisallowedBy } from './whole-site';
export { categoryWords, hostOf, surveyTotals, totalsLines } from './totals';
export type { AgentTotals, CategoryFacts, SurveyTotals } from './totals';
export { siteChanges } from './changes';
