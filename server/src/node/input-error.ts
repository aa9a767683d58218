/**
 * An input the user gave that cannot be used (a missing file, a bad log): its message is one
 * sentence for them. In a file of its own, without Node imports, so request validation that
 * also runs in the web worker can recognise it.
 */
export class InputError extends Error {}
