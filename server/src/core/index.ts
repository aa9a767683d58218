/**
 * The public API of the core: what robots.txt means, with no editor, LSP or I/O in sight.
 * Everything outside `core/` imports from here, never from the implementation folders.
 */
export { googleLiteralPattern, googleLiteralTarget, isUnreserved, normalizePattern, normalizeTarget } from './encoding';
export * from './product-token';
export * from './parse';
export * from './match';
export * from './crawlers';
export * from './lint';
export * from './explain';
export * from './format';
export * from './fetch';
export * from './directives';
export * from './diff';
export * from './audit';
