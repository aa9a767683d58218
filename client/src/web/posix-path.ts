/**
 * `node:path` for the web build: the few posix path functions the client uses on URI paths
 * (`Uri.fsPath` of a browser file system is a posix path). The web build resolves `node:path`
 * to this file, so no Node built-in is bundled.
 */

export const sep = '/';

export function isAbsolute(path: string): boolean {
  return path.startsWith('/');
}

export function normalize(path: string): string {
  const absolute = isAbsolute(path);
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else if (part !== '..' || !absolute) parts.push(part);
  }
  const joined = parts.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

export function join(...paths: string[]): string {
  return normalize(paths.filter((p) => p !== '').join('/'));
}

/** Without a working directory in a browser, a relative path is resolved against the root. */
export function resolve(...paths: string[]): string {
  let result = '';
  for (const path of paths) result = isAbsolute(path) ? path : `${result}/${path}`;
  return normalize(isAbsolute(result) ? result : `/${result}`);
}

export function dirname(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const slash = trimmed.lastIndexOf('/');
  if (slash < 0) return '.';
  return slash === 0 ? '/' : trimmed.slice(0, slash);
}

export function basename(path: string, suffix?: string): string {
  const base = path.replace(/\/+$/, '').split('/').pop() ?? '';
  return suffix !== undefined && base.endsWith(suffix) && base !== suffix ? base.slice(0, -suffix.length) : base;
}

export function extname(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot) : '';
}

export function relative(from: string, to: string): string {
  const a = resolve(from).split('/').filter(Boolean);
  const b = resolve(to).split('/').filter(Boolean);
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  return [...a.slice(same).map(() => '..'), ...b.slice(same)].join('/');
}
