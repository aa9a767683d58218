import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SiteSurvey, SurveyCategory, SurveyTotals } from '@robots-lens/fetch/survey';
import { spawn, spawnSync } from 'node:child_process';
import { outputOf, runCli } from '../support/cli';
import { CLI, requireBuilt } from '../support/dist';
import type { CliResult } from '../support/cli';
import { EXAMPLEBOT_ROBOTS, HOSTILE_PATH, SITEMAP_COUNT, SPLIT_ROBOTS, startSurveyServer, SURVEY_HOSTS } from '../support/survey-server';
import type { SurveyHost, SurveyServer } from '../support/survey-server';

/**
 * `robots-lens survey` as a process against one real HTTP server on 127.0.0.1 that answers
 * by Host header, every host reached through `--resolve`: the fetch of each case, what the
 * file holds, the verdicts with their deciding lines, the four categories, the totals, and
 * every output (text, JSON lines, CSV, the HTML page).
 */

let server: SurveyServer;
let dir: string;
before(async () => {
  server = await startSurveyServer();
  dir = mkdtempSync(join(tmpdir(), 'survey-'));
});
after(async () => {
  await server.close();
});

const AGENTS = ['--agent', 'GPTBot', '--agent', 'ExampleBot', '--agent', 'Googlebot'];
const PATHS = ['/', '/private/help.html', '/private/report.html', '/elsewhere-rules/page'];
const PATH_ARGS = PATHS.flatMap((p) => ['--path', p]);

function survey(hosts: readonly SurveyHost[], ...options: string[]): Promise<CliResult> {
  return runCli(['survey', ...hosts.map((h) => server.site(h)), ...server.resolveArgs, ...options]);
}

function jsonLines(stdout: string): { sites: SiteSurvey[]; totals: SurveyTotals; since?: unknown } {
  const values = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  const last = values.pop() as { totals: SurveyTotals; since?: unknown };
  return { sites: values as unknown as SiteSurvey[], totals: last.totals, ...(last.since !== undefined ? { since: last.since } : {}) };
}

describe('robots-lens survey --json against one server answering by Host', () => {
  let result: CliResult;
  let sites: Map<string, SiteSurvey>;
  let totals: SurveyTotals;
  before(async () => {
    result = await survey(SURVEY_HOSTS, ...AGENTS, ...PATH_ARGS, '--path', HOSTILE_PATH, '--timeout', '1000', '--json');
    const parsed = jsonLines(result.stdout);
    sites = new Map(parsed.sites.map((s) => [new URL(s.site).hostname, s]));
    totals = parsed.totals;
  });

  const site = (host: SurveyHost): SiteSurvey => sites.get(host)!;
  const category = (host: SurveyHost, agent: string): SurveyCategory | undefined => site(host).agents.find((a) => a.agent === agent)?.category;
  const verdict = (host: SurveyHost, agent: string, path: string) => site(host).verdicts.find((v) => v.agent === agent && v.path === path)!;

  test('one line per site in the order given, then the totals; exit 1 because a site gave no answer', () => {
    assert.equal(result.code, 1, result.stderr);
    assert.deepEqual([...sites.keys()], [...SURVEY_HOSTS]);
    assert.equal(totals.sites, SURVEY_HOSTS.length);
    assert.deepEqual(totals.failed, [server.site('hang.test')]);
  });

  test("each line has the issue's shape", () => {
    const s = site('examplebot.test');
    for (const key of ['site', 'fetch', 'groups', 'rules', 'sitemaps', 'verdicts', 'agents']) assert.ok(key in s, key);
    for (const key of ['hops', 'status', 'state', 'bytes', 'contentType']) assert.ok(key in s.fetch, key);
    assert.deepEqual(s.fetch.hops, [{ url: `${server.site('examplebot.test')}/robots.txt`, status: 200, location: null }]);
    assert.deepEqual(Object.keys(s.verdicts[0]!).slice(0, 4), ['agent', 'path', 'allowed', 'line']);
    assert.deepEqual(Object.keys(s.agents[0]!).slice(0, 2), ['agent', 'category']);
    assert.equal(s.verdicts.length, 3 * (PATHS.length + 1));
  });

  const FETCHES: readonly (readonly [SurveyHost, number | null, SiteSurvey['fetch']['state'], readonly number[]])[] = [
    ['split.test', 200, 'rules', [200]],
    ['gone.test', 410, 'unavailable', [410]],
    ['teapot.test', 418, 'unavailable', [418]],
    ['busy.test', 429, 'unreachable', [429]],
    ['down.test', 503, 'unreachable', [503]],
    ['moved.test', 200, 'rules', [301, 200]],
    ['html.test', 200, 'rules', [200]],
    ['hang.test', null, 'unreachable', []],
  ];
  for (const [host, status, state, hops] of FETCHES) {
    test(`${host}: status ${status}, ${state}, hops ${hops.join(' ') || 'none'}`, () => {
      const f = site(host).fetch;
      assert.equal(f.status, status);
      assert.equal(f.state, state);
      assert.deepEqual(f.hops.map((h) => h.status), hops);
      assert.ok(f.ms >= 0);
    });
  }

  test('410 and 418: unavailable, so every path is allowed by the fetch state, no line', () => {
    for (const host of ['gone.test', 'teapot.test'] as const) {
      for (const v of site(host).verdicts) assert.deepEqual([v.allowed, v.line, v.reason], [true, null, 'fetch-state'], `${host} ${v.path}`);
      assert.equal(category(host, 'GPTBot'), 'none');
    }
  });

  test("429 and 503: unreachable, every path disallowed, Google's and RFC 9309's policies told apart", () => {
    for (const host of ['busy.test', 'down.test'] as const) {
      for (const v of site(host).verdicts) assert.deepEqual([v.allowed, v.line, v.reason], [false, null, 'fetch-state'], `${host} ${v.path}`);
      assert.deepEqual(site(host).agents.map((a) => [a.category, a.by]), [['site', 'fetch-state'], ['site', 'fetch-state'], ['site', 'fetch-state']]);
    }
    const access = (host: SurveyHost) => Object.fromEntries(site(host).fetch.policies.map((p) => [p.policy, p.access]));
    assert.deepEqual(access('busy.test'), { google: 'nothing', rfc9309: 'everything' });
    assert.deepEqual(access('down.test'), { google: 'nothing', rfc9309: 'nothing' });
  });

  test('a hanging connection: failed and unreachable, never allowed', () => {
    const s = site('hang.test');
    assert.match(s.failed ?? '', /No response within 1000 ms/);
    assert.ok(s.verdicts.every((v) => v.allowed === false));
    assert.equal(category('hang.test', 'Googlebot'), 'site');
  });

  test('a redirect to another host is followed, and its rules apply to the original site, which says so', () => {
    const s = site('moved.test');
    assert.equal(s.site, server.site('moved.test'));
    assert.deepEqual(s.fetch.hops[0], { url: `${server.site('moved.test')}/robots.txt`, status: 301, location: `${server.site('elsewhere.test')}/robots.txt` });
    assert.equal(s.fetch.finalUrl, `${server.site('elsewhere.test')}/robots.txt`);
    assert.equal(s.fetch.otherOrigin, true);
    assert.deepEqual(verdict('moved.test', 'GPTBot', '/elsewhere-rules/page'), { agent: 'GPTBot', path: '/elsewhere-rules/page', allowed: false, line: 2, rule: 'Disallow: /elsewhere-rules/', reason: 'rule' });
  });

  test('split groups and blank lines: GPTBot groups merged, the blank line ends nothing, the whole site proved', () => {
    const s = site('split.test');
    assert.deepEqual([s.groups, s.rules], [4, 4]);
    assert.deepEqual(s.agents.find((a) => a.agent === 'GPTBot'), { agent: 'GPTBot', category: 'site', by: 'rules', line: 6, disallowed: 5, paths: 5 });
    assert.equal(verdict('split.test', 'GPTBot', '/private/help.html').line, 6);
    assert.equal(category('split.test', 'ExampleBot'), 'none');
  });

  test("the study's ExampleBot: two groups merged, help.html allowed, report.html disallowed", () => {
    assert.deepEqual(verdict('examplebot.test', 'ExampleBot', '/private/help.html'), { agent: 'ExampleBot', path: '/private/help.html', allowed: true, line: 8, rule: 'Allow: /private/help.html', reason: 'rule' });
    assert.deepEqual(verdict('examplebot.test', 'ExampleBot', '/private/report.html'), { agent: 'ExampleBot', path: '/private/report.html', allowed: false, line: 2, rule: 'Disallow: /private/', reason: 'rule' });
    assert.equal(category('examplebot.test', 'ExampleBot'), 'some-tested');
    assert.equal(category('examplebot.test', 'GPTBot'), 'none');
  });

  test('an HTML page served as robots.txt and a byte order mark are said, and their rules read', () => {
    assert.equal(site('html.test').fetch.html, true);
    assert.equal(site('html.test').fetch.contentType, 'text/html; charset=utf-8');
    assert.equal(site('html.test').rules, 1);
    assert.equal(site('bom.test').fetch.bom, true);
    assert.equal(site('bom.test').fetch.html, false);
    assert.equal(site('bom.test').rules, 1);
    assert.equal(site('bom.test').fetch.bytes, Buffer.byteLength('\ufeffUser-agent: *\nDisallow: /bom/\n'));
  });

  test('all 25 sitemaps, the Crawl-delay and AI-use preference lines', () => {
    const s = site('sitemaps.test');
    assert.equal(s.sitemaps.length, SITEMAP_COUNT);
    assert.equal(s.sitemaps[24], 'https://sitemaps.test/sitemap-25.xml');
    assert.deepEqual(s.crawlDelays, [{ line: 2, value: '10' }]);
    assert.deepEqual(s.preferences, [{ line: 3, text: 'Content-Signal: search=yes, ai-train=no' }]);
  });

  test('wildcard Disallow with an outranked Allow: the whole site proved; home page allowed by /$: not', () => {
    assert.deepEqual(site('wildcard.test').agents.map((a) => a.category), ['site', 'site', 'site']);
    assert.deepEqual(site('home-only.test').agents.map((a) => a.category), ['some-tested', 'some-tested', 'some-tested']);
  });

  test('the totals name the sites behind every number, the four categories apart', () => {
    const gpt = totals.agents.find((a) => a.agent === 'GPTBot')!;
    const names = (sites: readonly string[]) => sites.map((s) => new URL(s).hostname);
    assert.deepEqual(names(gpt.site), ['split.test', 'wildcard.test']);
    assert.deepEqual(names(gpt.siteByFetchState), ['busy.test', 'down.test', 'hang.test']);
    assert.deepEqual(names(gpt.allTested), []);
    assert.deepEqual(names(gpt.someTested), ['home-only.test', 'moved.test', 'elsewhere.test', 'hostile.test']);
    assert.equal(gpt.site.length + gpt.siteByFetchState.length + gpt.allTested.length + gpt.someTested.length + gpt.none.length, SURVEY_HOSTS.length);
  });

  test('each host was asked for /robots.txt once', () => {
    for (const host of SURVEY_HOSTS) assert.deepEqual(server.requests.get(host)?.filter((p) => p === '/robots.txt').length, host === 'elsewhere.test' ? 2 : 1, host);
  });
});

describe('robots-lens survey: categories and totals in words', () => {
  test('every tested path disallowed is not the whole site when an Allow wins elsewhere', async () => {
    const { code, stdout, stderr } = await survey(['home-only.test', 'split.test'], '--agent', 'GPTBot', '--path', '/a', '--path', '/b?x=1', '--json');
    assert.equal(code, 0, stderr);
    const { sites, totals } = jsonLines(stdout);
    assert.deepEqual(sites.map((s) => s.agents[0]!.category), ['all-tested', 'site']);
    assert.deepEqual(totals.agents[0]!.allTested, [server.site('home-only.test')]);
  });

  test('the text says how each category is known, and totals do not overclaim', async () => {
    const { code, stdout } = await survey(['home-only.test', 'split.test', 'down.test', 'examplebot.test'], '--agent', 'GPTBot', '--agent', 'ExampleBot', '--path', '/private/report.html', '--path', '/private/help.html');
    assert.equal(code, 0);
    assert.match(stdout, /GPTBot: whole site disallowed, proved from the rules \(line 6 matches every URL and no Allow can win; \/robots.txt itself stays allowed\)/);
    assert.match(stdout, /GPTBot: every tested path disallowed \(2 of 2\), not proved for the whole site/);
    assert.match(stdout, /GPTBot: whole site disallowed: robots.txt is unreachable/);
    assert.match(stdout, /\/private\/help.html {2}allowed {2}\(line 8: Allow: \/private\/help.html\)/);
    const port = server.port;
    assert.ok(
      stdout.includes(
        `GPTBot: whole site disallowed on 2 of 4 sites (http://split.test:${port}), 1 of them only because robots.txt was unreachable (http://down.test:${port}); ` +
          `every tested path, not proved for the whole site, on 1 (http://home-only.test:${port}); some tested paths on 0; none on 1 (http://examplebot.test:${port}).`,
      ),
      stdout,
    );
    assert.match(stdout, /ExampleBot: .*some tested paths on 1 \(http:\/\/examplebot.test/);
    assert.match(stdout, /Every site answered\./);
  });

  test('the overall deadline ends a hanging fetch, stated as failed', async () => {
    const { code, stdout } = await survey(['hang.test', 'gone.test'], '--agent', 'GPTBot', '--deadline', '300', '--timeout', '60000', '--json');
    assert.equal(code, 1);
    const { sites, totals } = jsonLines(stdout);
    assert.match(sites[0]!.failed ?? '', /deadline of 300 ms/);
    assert.equal(sites[1]!.fetch.status, 410);
    assert.deepEqual(totals.failed, [server.site('hang.test')]);
  });

  test('sites and paths from files; duplicates surveyed once', async () => {
    const sitesFile = join(dir, 'sites.txt');
    const pathsFile = join(dir, 'paths.txt');
    writeFileSync(sitesFile, `# the study\n${server.site('examplebot.test')}\n\n${server.site('examplebot.test')}/\n${server.site('gone.test')}\n`);
    writeFileSync(pathsFile, '/private/report.html\n# comment\n/private/help.html\n');
    const { code, stdout } = await runCli(['survey', '--sites', sitesFile, '--paths', pathsFile, '--agent', 'ExampleBot', ...server.resolveArgs, '--json']);
    assert.equal(code, 0);
    const { sites } = jsonLines(stdout);
    assert.deepEqual(sites.map((s) => s.site), [server.site('examplebot.test'), server.site('gone.test')]);
    assert.deepEqual(sites[0]!.verdicts.map((v) => [v.path, v.allowed]), [['/private/report.html', false], ['/private/help.html', true]]);
  });
});

describe('robots-lens survey: progress on a terminal only', () => {
  test('on a terminal, stderr counts the sites and erases its line; piped, it stays quiet', async () => {
    // `script` (util-linux, essential on Debian) gives the CLI a real terminal.
    const probe = spawnSync('script', ['--version'], { encoding: 'utf8' });
    assert.equal(probe.error, undefined, 'this test needs `script` (apt-get install bsdutils)');
    const command = [process.execPath, requireBuilt(CLI), 'survey', server.site('gone.test'), server.site('examplebot.test'), ...server.resolveArgs, '--agent', 'GPTBot', '--json']
      .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
      .join(' ');
    const run = await new Promise<CliResult>((resolve) => {
      const child = spawn('script', ['-qec', `${command} >/dev/null`, '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'] });
      void outputOf(child).then(resolve);
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /survey: 1 of 2 sites/);
    assert.match(run.stdout, /survey: 2 of 2 sites/);
    assert.ok(run.stdout.includes('\r\x1b[K'), 'the progress line is erased');
    const piped = await survey(['gone.test'], '--agent', 'GPTBot', '--json');
    assert.equal(piped.stderr, '');
  });
});

describe('robots-lens survey --csv and --html', () => {
  test('CSV: one row per site, crawler and path; hostile rule text quoted and kept from formulas', async () => {
    const { code, stdout } = await survey(['examplebot.test', 'hostile.test'], '--agent', 'ExampleBot', '--path', '/private/report.html', '--path', HOSTILE_PATH, '--csv');
    assert.equal(code, 0);
    const rows = stdout.trim().split('\n');
    assert.equal(rows[0], 'site,status,state,agent,category,path,allowed,line,rule');
    assert.equal(rows.length, 1 + 2 * 2);
    assert.equal(rows[1], `${server.site('examplebot.test')},200,rules,ExampleBot,some-tested,/private/report.html,false,2,Disallow: /private/`);
    assert.equal(rows[4], `${server.site('hostile.test')},200,rules,ExampleBot,some-tested,"/""><script>alert(1)</script>",false,2,"Disallow: /""><script>alert(1)</script>"`);
  });

  test('HTML: one self-contained page, colour and words, deciding lines on hover, hostile text escaped', async () => {
    const out = join(dir, 'report.html');
    const { code, stderr } = await survey(['examplebot.test', 'split.test', 'down.test', 'hostile.test'], '--agent', 'GPTBot', '--agent', 'ExampleBot', '--path', '/private/report.html', '--path', HOSTILE_PATH, '--html', out);
    assert.equal(code, 0, stderr);
    const page = readFileSync(out, 'utf8');
    assert.match(page, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">/);
    assert.doesNotMatch(page, /<script|<img|\bsrc=|\bhref=|@import|url\(/i);
    assert.ok(page.includes('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'), 'the hostile rule is shown as text');
    assert.match(page, /style="background:#c62828;color:#fff">whole site<span class="why">whole site disallowed, proved from the rules \(line 6[^<]*\n\/private\/report.html: disallowed by line 6: Disallow: \/\n[^<]*<\/span>/);
    assert.match(page, />some paths<span class="why">some tested paths disallowed \(1 of 2\)\n\/private\/report.html: disallowed by line 2: Disallow: \/private\/\n[^<]*<\/span>/);
    assert.match(page, /whole site disallowed: robots.txt is unreachable/);
    // eslint-disable-next-line no-control-regex
    assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(page), 'no control characters');
  });

  test('the page is never written over an input', async () => {
    const sitesFile = join(dir, 'same.txt');
    writeFileSync(sitesFile, `${server.site('gone.test')}\n`);
    const { code, stderr } = await runCli(['survey', '--sites', sitesFile, '--html', sitesFile, ...server.resolveArgs]);
    assert.equal(code, 2);
    assert.match(stderr, /is also an input of this survey/);
    assert.equal(readFileSync(sitesFile, 'utf8'), `${server.site('gone.test')}\n`);
  });

  test('text and JSON show hostile fetched text as text: no terminal control reaches stdout', async () => {
    for (const format of [[], ['--json']]) {
      const { stdout } = await survey(['hostile.test'], '--agent', 'GPTBot', ...format);
      assert.ok(!stdout.includes('\u001b') && !stdout.includes('\u009b'), `no raw escape in ${format.join('') || 'text'}`);
      assert.ok(stdout.includes(format.length === 0 ? '\\x1b[31m' : '\\u001b[31m'));
    }
  });
});

describe('robots-lens survey: bad input is exit 2 with a clear message', () => {
  const ROWS: readonly (readonly [string[], RegExp])[] = [
    [[], /give the sites to survey/],
    [['example.com', '--resolve', 'example.com:443'], /--resolve "example.com:443" is not HOST:PORT:ADDRESS/],
    [['example.com', '--resolve', 'example.com:99999:127.0.0.1'], /is not HOST:PORT:ADDRESS/],
    [['example.com', '--path', 'private'], /does not start with "\/"/],
    [['example.com', '--json', '--csv'], /--json or --csv, not both/],
    [['example.com', '--concurrency', '0'], /--concurrency takes a whole number/],
    [['example.com', '--deadline', '99999999999'], /--deadline takes at most 86400000 ms/],
    [['ftp://example.com'], /not an http or https URL/],
    [['example.com', '--since', '/nonexistent/survey.json'], /no such survey JSON file/],
    [['example.com', '--paths', '/dev/null'], /\/dev\/null lists no path/],
    [['--sites', '/dev/null'], /\/dev\/null lists no site/],
  ];
  for (const [args, message] of ROWS) {
    test(args.join(' ') || '(nothing)', async () => {
      const { code, stdout, stderr } = await runCli(['survey', ...args]);
      assert.equal(code, 2, stderr);
      assert.equal(stdout, '');
      assert.match(stderr, message);
      assert.doesNotMatch(stderr, /\n\s+at /);
    });
  }
});

describe('robots-lens survey --since: a watch on the robots.txt actually served', () => {
  test('nothing changed: exit 0 and said so', async () => {
    const previous = join(dir, 'unchanged.json');
    const first = await survey(['examplebot.test', 'gone.test'], '--agent', 'ExampleBot', '--path', '/private/report.html', '--json');
    writeFileSync(previous, first.stdout);
    const { code, stdout, stderr } = await survey(['examplebot.test', 'gone.test'], '--agent', 'ExampleBot', '--path', '/private/report.html', '--since', previous);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /Since the previous survey: nothing changed\./);
  });

  test('a changed file: status, bytes, the category, the verdicts and the semantic diff of the rules; exit 1', async () => {
    const previous = join(dir, 'before.json');
    const args = ['--agent', 'ExampleBot', '--agent', 'GPTBot', '--path', '/private/help.html', '--path', '/private/report.html'];
    const first = await survey(['split.test', 'examplebot.test'], ...args, '--json');
    writeFileSync(previous, first.stdout);
    server.serve('examplebot.test', 'User-agent: ExampleBot\nDisallow: /\n');
    server.serve('split.test', 'User-agent: GPTBot\nAllow: /\n');
    try {
      const { code, stdout, stderr } = await survey(['split.test', 'examplebot.test', 'gone.test'], ...args, '--since', previous);
      assert.equal(code, 1, stderr);
      const port = server.port;
      const watch = stdout.slice(stdout.indexOf('Since the previous survey'));
      assert.match(watch, /^Since the previous survey: 3 of 3 sites changed\./);
      for (const line of [
        `http://examplebot.test:${port}: bytes 124 → 35`,
        `http://examplebot.test:${port}: ExampleBot newly disallowed on the whole site (before: on some tested paths)`,
        `http://examplebot.test:${port}: ExampleBot: /private/help.html now disallowed (line 2: Disallow: /)`,
        `http://split.test:${port}: GPTBot no longer disallowed on the whole site (now: on no tested path)`,
        `http://split.test:${port}: GPTBot: /private/report.html now allowed (line 2: Allow: /)`,
        `http://gone.test:${port}: not in the previous survey`,
      ]) assert.ok(watch.includes(`  ${line}\n`), `${line}\n${watch}`);
      assert.match(watch, new RegExp(`http://examplebot.test:${port}: rules for ExampleBot: .*disallowed`));
      assert.match(watch, new RegExp(`http://split.test:${port}: rules for GPTBot: .*allowed`));
      const json = jsonLines((await survey(['split.test', 'examplebot.test'], ...args, '--since', previous, '--json')).stdout);
      assert.deepEqual((json.since as { site: string }[]).map((w) => w.site), [server.site('split.test'), server.site('examplebot.test')]);
    } finally {
      server.serve('examplebot.test', EXAMPLEBOT_ROBOTS);
      server.serve('split.test', SPLIT_ROBOTS);
    }
  });

  test('a file that is not a survey is exit 2, naming the line', async () => {
    const previous = join(dir, 'not-a-survey.json');
    writeFileSync(previous, '{"site": 1}\n');
    const { code, stderr } = await survey(['gone.test'], '--since', previous);
    assert.equal(code, 2);
    assert.match(stderr, /not-a-survey.json line 1 is not a site of a survey/);
    const wrong = join(dir, 'wrong-category.json');
    const first = await survey(['gone.test'], '--agent', 'GPTBot', '--json');
    writeFileSync(wrong, first.stdout.replace('"category":"none"', '"category":"blocked"'));
    const second = await survey(['gone.test'], '--agent', 'GPTBot', '--since', wrong);
    assert.equal(second.code, 2);
    assert.match(second.stderr, /wrong-category.json line 1 is not a site of a survey/);
  });
});
