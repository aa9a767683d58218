/**
 * Words every face writes the same way: a count and its noun, a list of names. At the bottom of the core, so
 * any folder may use it.
 */
export { countOf, formatCount } from './count';
export { plural, pluralNoun } from './plural';
export { nameList } from './name-list';
