/**
 * `robotsLens/checkSitemaps`: the sitemaps the buffer's `Sitemap:` lines name (or files the
 * user picked) read in the server, every listed URL decided against the unsaved buffer by
 * the one matcher, as `robots-lens sitemaps` does. Progress goes out as notifications; a
 * cancelled check answers with what was read by then. The whole check ends within
 * `SITEMAP_WALK_DEADLINE_MS` (10 minutes), and the text is parsed in slices, so hovers and
 * diagnostics are answered during it.
 */

import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { CancellationToken } from 'vscode-languageserver';
import { parseTarget } from '@robots-lens/kernel/match';
import { SITEMAP_WALK_DEADLINE_MS, SitemapCheck, walkSitemaps } from '@robots-lens/sitemaps';
import type { ParsedDocument } from '../documents';
import { isSitemapUrl, sitemapSource } from '../node/sitemap-source';
import { MAX_SITEMAP_BLOCKED_SHOWN } from '../protocol';
import type { BlockedSitemapUrlDto, CheckedSitemapRoot, CheckSitemapsParams, CheckSitemapsProgressParams, CheckSitemapsResult } from '../protocol';
import { optionalText, optionalTextList, optionalTimeout, paramsObject } from './request-params';
import { blockedSitemapUrlDto, sitemapCheckTallyDto, sitemapReportDto } from './wire/sitemaps';

export interface CheckSitemapsDeps {
  readonly progress: (progress: CheckSitemapsProgressParams) => void;
  /** The robots.txt URL the document was fetched from, if it was: its `Sitemap:` lines keep that fetch's address guard. */
  readonly fetchedFrom?: string;
}

/** Page URLs between two progress notifications. */
const PROGRESS_EVERY = 20_000;

export async function checkSitemapsRequest(parsed: ParsedDocument, params: CheckSitemapsParams, token: CancellationToken, deps: CheckSitemapsDeps): Promise<CheckSitemapsResult> {
  const fields = paramsObject(params, 'robotsLens/checkSitemaps');
  const agents = (optionalTextList(fields, 'agents') ?? []).map((a) => a.trim()).filter((a) => a !== '');
  if (agents.length === 0) throw new ResponseError(ErrorCodes.InvalidParams, '"agents" must name at least one crawler.');
  const timeoutMs = optionalTimeout(params);
  const originText = optionalText(fields, 'origin');
  let origin: string | undefined;
  if (originText !== undefined) {
    const target = parseTarget(originText);
    if (!target.ok || target.target.origin === null) throw new ResponseError(ErrorCodes.InvalidParams, `"origin" must be an absolute URL like https://example.com, not "${originText}".`);
    origin = target.target.origin;
  }

  const { roots, lines, notices } = sitemapsToRead(parsed, optionalTextList(fields, 'sitemaps'));
  origin ??= roots.filter(isSitemapUrl).map((r) => parseTarget(r)).find((t) => t.ok)?.target.origin ?? undefined;
  const check = new SitemapCheck(parsed.file, agents, origin);
  const perRoot = new Map(roots.map((root) => [root, agents.map(() => 0)]));
  const blocked: BlockedSitemapUrlDto[] = [];
  let omitted = 0;
  let urls = 0;
  let read = 0;
  const progress = (): void => deps.progress({ uri: parsed.uri, sitemaps: read, urls });
  // A cancelled check also ends the fetch in flight, not only the walk.
  const abort = new AbortController();
  const listening = token.onCancellationRequested(() => abort.abort());
  // The server reads regular files only: a FIFO would hold a file-system thread until a
  // writer came, and four of them starve every other read and DNS lookup of the server.
  const deadlineAt = Date.now() + SITEMAP_WALK_DEADLINE_MS;
  const sitemaps = await walkSitemaps(
    roots,
    sitemapSource({
      signal: abort.signal,
      regularFilesOnly: true,
      deadlineAt,
      ...(deps.fetchedFrom !== undefined ? { fetchedFrom: deps.fetchedFrom } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    }),
    {
      url(loc, sitemap, line, root) {
        urls++;
        if (urls % PROGRESS_EVERY === 0) progress();
        const counts = perRoot.get(root)!;
        for (const entry of check.check(loc, sitemap, line)) {
          counts[agents.indexOf(entry.agent)]!++;
          if (blocked.length < MAX_SITEMAP_BLOCKED_SHOWN) blocked.push(blockedSitemapUrlDto(entry));
          else omitted++;
        }
      },
      done() {
        read++;
        progress();
      },
    },
    { isCancelled: () => token.isCancellationRequested, deadlineAt, deadlineText: '10 minutes' },
  ).finally(() => listening.dispose());
  const checkedRoots: CheckedSitemapRoot[] = roots.map((location) => {
    const counts = perRoot.get(location)!;
    return {
      location,
      line: lines.get(location) ?? null,
      blocked: counts.reduce((a, b) => a + b, 0),
      perAgent: agents.map((agent, i) => ({ agent, blocked: counts[i]! })),
    };
  });
  return {
    version: parsed.version,
    blocked,
    blockedOmitted: omitted,
    tally: sitemapCheckTallyDto(check.tally()),
    sitemaps: sitemaps.map(sitemapReportDto),
    roots: checkedRoots,
    notices,
    cancelled: token.isCancellationRequested,
  };
}

/** The sitemaps named in the params (absolute paths or http(s) URLs), else the document's `Sitemap:` lines. */
function sitemapsToRead(parsed: ParsedDocument, named: readonly string[] | undefined): { roots: string[]; lines: Map<string, number>; notices: string[] } {
  const lines = new Map<string, number>();
  const notices: string[] = [];
  if (named !== undefined && named.length > 0) {
    for (const location of named) {
      if (!isSitemapUrl(location) && !isAbsolutePath(location)) {
        throw new ResponseError(ErrorCodes.InvalidParams, `"sitemaps" holds absolute file paths or http(s) URLs, not "${location}".`);
      }
    }
    // A Sitemap: line picked alone still gets its hint.
    for (const sitemap of parsed.file.sitemaps) if (named.includes(sitemap.url) && !lines.has(sitemap.url)) lines.set(sitemap.url, sitemap.line);
    return { roots: [...new Set(named)], lines, notices };
  }
  for (const sitemap of parsed.file.sitemaps) {
    if (!isSitemapUrl(sitemap.url)) {
      notices.push(`Line ${sitemap.line + 1}: "${sitemap.url}" is not an http(s) URL, not read.`);
      continue;
    }
    if (!lines.has(sitemap.url)) lines.set(sitemap.url, sitemap.line);
  }
  if (lines.size === 0) throw new ResponseError(ErrorCodes.InvalidParams, 'This robots.txt has no Sitemap: line with an http(s) URL: pick sitemap files instead.');
  return { roots: [...lines.keys()], lines, notices };
}

function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[a-z]:[\\/]/i.test(path) || path.startsWith('\\\\');
}
