/**
 * Formatting: canonical keys, `key: value` spacing, one blank line between groups, and a
 * proof by re-parsing that nothing a crawler reads has changed.
 */
export { applyTextEdits, formatRobots } from './format';
