// What a package's tsconfig resolves an import of a workspace package to when its package.json
// does not depend on that package: a module with nothing in it, so `tsc -b` fails on the names
// imported ("has no exported member"). Add the dependency to package.json (and its tsconfig
// reference, and docs/architecture.md) if the import is meant.
export {};
