export { effectivePreferences, signalFor, usageFor } from './effective';
export { preferencesJson, verdictWithPreferencesJson } from './json';
export type { PreferencesJson } from './json';
export { preferenceStatements, statesPreferences } from './read';
export { preferencesText } from './text';
export { CONTENT_SIGNAL_POLICY, CONTENT_USAGE_REVISION, LICENSE_STANDARD } from './revision';
export { parseDictionary } from './structured-dictionary';
export { SIGNAL_KEYS, USAGE_LABELS } from './model';
export type * from './model';
