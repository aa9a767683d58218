/**
 * Real web servers on 127.0.0.1 for the enforce tests: each started from its Debian binary
 * with a configuration in a temporary folder (a random free port, no system service), the
 * generated snippet in front of a static site, and raw HTTP/1.1 requests whose request line
 * carries exactly the octets given (escapes, raw UTF-8, invalid octets).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type RealServerName = 'nginx' | 'apache' | 'haproxy' | 'caddy' | 'lighttpd';

interface ServerKind {
  /** Debian's binary and the package that installs it. */
  readonly binary: string;
  readonly apt: string;
  /** The flag that checks the configuration without serving, where the server has one that says why. */
  readonly testFlag?: string;
  /** Writes the configuration; returns the command line. */
  configure(dir: string, site: string, port: number, snippet: string, status: number): { command: string; args: string[]; env?: NodeJS.ProcessEnv };
}

const APACHE_MODULES = '/usr/lib/apache2/modules';

const KINDS: Readonly<Record<RealServerName, ServerKind>> = {
  nginx: {
    binary: '/usr/sbin/nginx',
    apt: 'nginx',
    testFlag: '-t',
    configure(dir, site, port, snippet, status) {
      writeFileSync(join(dir, 'robots-lens.conf'), snippet);
      writeFileSync(join(dir, 'nginx.conf'), `daemon off;
master_process off;
pcre_jit on;
worker_processes 1;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/robots-lens.conf;
  server {
    listen 127.0.0.1:${port};
    root ${site};
    if ($robots_lens_block) { return ${status}; }
    location / { }
  }
}
`);
      return { command: '/usr/sbin/nginx', args: ['-p', dir, '-c', join(dir, 'nginx.conf')] };
    },
  },
  apache: {
    binary: '/usr/sbin/apache2',
    apt: 'apache2',
    configure(dir, site, port, snippet) {
      writeFileSync(join(dir, 'httpd.conf'), `ServerRoot ${dir}
DefaultRuntimeDir ${dir}
PidFile ${dir}/httpd.pid
ErrorLog ${dir}/error.log
LoadModule mpm_event_module ${APACHE_MODULES}/mod_mpm_event.so
LoadModule authz_core_module ${APACHE_MODULES}/mod_authz_core.so
LoadModule rewrite_module ${APACHE_MODULES}/mod_rewrite.so
User nobody
Group nogroup
Listen 127.0.0.1:${port}
ServerName 127.0.0.1
AllowEncodedSlashes NoDecode
DocumentRoot ${site}
<Directory ${site}>
  AllowOverride None
  Require all granted
</Directory>
${snippet}
`);
      return { command: '/usr/sbin/apache2', args: ['-f', join(dir, 'httpd.conf'), '-DFOREGROUND'] };
    },
  },
  haproxy: {
    binary: '/usr/sbin/haproxy',
    apt: 'haproxy',
    configure(dir, _site, port, snippet) {
      // HAProxy serves no files: the site is one answer after the snippet's rules.
      writeFileSync(join(dir, 'haproxy.cfg'), `global
  maxconn 2000
defaults
  mode http
  timeout connect 5s
  timeout client 30s
  timeout server 30s
frontend site
  bind 127.0.0.1:${port}
${snippet.split('\n').map((l) => `  ${l}`).join('\n')}
  http-request return status 200 content-type text/plain string ok
`);
      return { command: '/usr/sbin/haproxy', args: ['-f', join(dir, 'haproxy.cfg'), '-db'] };
    },
  },
  caddy: {
    binary: '/usr/bin/caddy',
    apt: 'caddy',
    configure(dir, site, port, snippet) {
      writeFileSync(join(dir, 'Caddyfile'), `{
  admin off
  auto_https off
}
http://127.0.0.1:${port} {
  root * ${site}
${snippet}
  file_server
}
`);
      const env = { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') };
      return { command: '/usr/bin/caddy', args: ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], env };
    },
  },
  lighttpd: {
    binary: '/usr/sbin/lighttpd',
    apt: 'lighttpd',
    testFlag: '-tt',
    configure(dir, site, port, snippet) {
      writeFileSync(join(dir, 'robots-lens.conf'), snippet);
      // The parse options the snippet's header asks for; everything else is lighttpd's default.
      writeFileSync(join(dir, 'lighttpd.conf'), `server.document-root = "${site}"
server.bind = "127.0.0.1"
server.port = ${port}
server.errorlog = "${dir}/error.log"
server.modules = ( "mod_rewrite", "mod_access" )
server.http-parseopts = ( "url-path-2f-decode" => "disable", "url-path-dotseg-remove" => "disable" )
index-file.names = ( "index.html" )
include "${dir}/robots-lens.conf"
`);
      return { command: '/usr/sbin/lighttpd', args: ['-D', '-f', join(dir, 'lighttpd.conf')] };
    },
  },
};

/** Fails naming what is missing and how to install it (`.ci/run` installs them all). */
export function requireServer(name: RealServerName): void {
  const kind = KINDS[name];
  if (!existsSync(kind.binary)) {
    assert.fail(`${name} is missing (${kind.binary}), so its snippet cannot be proved on a real server: install it with apt-get install ${kind.apt} (.ci/run installs nginx, apache2, haproxy, caddy and lighttpd).`);
  }
}

export interface RunningServer {
  readonly port: number;
  /** Sends one request with exactly these octets as target and User-Agent; resolves to the status. */
  status(target: string, userAgent: string): Promise<number>;
  stop(): Promise<void>;
}

/** A site of a few files, to be served behind every snippet. */
export function staticSite(): string {
  const site = mkdtempSync(join(tmpdir(), 'robots-lens-site-'));
  // Apache's workers run as nobody: the site must be readable by everyone.
  chmodSync(site, 0o755);
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>site</title>\n');
  writeFileSync(join(site, 'robots.txt'), 'User-agent: *\nDisallow:\n');
  mkdirSync(join(site, 'blog'), { mode: 0o755 });
  writeFileSync(join(site, 'blog', 'index.html'), 'blog\n');
  return site;
}

/** Starts `name` with `snippet` and waits until it answers. */
export async function startServer(name: RealServerName, site: string, snippet: string, status: number): Promise<RunningServer> {
  requireServer(name);
  const dir = mkdtempSync(join(tmpdir(), `robots-lens-${name}-`));
  const port = await freePort();
  const { command, args, env } = KINDS[name].configure(dir, site, port, snippet, status);
  const testFlag = KINDS[name].testFlag;
  if (testFlag !== undefined) {
    const check = spawnSync(command, [...args, testFlag], { encoding: 'utf8' });
    assert.equal(check.status, 0, `${name} ${testFlag}: ${check.stdout}${check.stderr}`);
  }
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: env ?? process.env, cwd: dir });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitUntilListening(port, child, exited, () => `${name} did not start: ${output}`);
  return {
    port,
    status: (target, userAgent) => requestStatus(port, target, userAgent),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls the port until a connection succeeds (or the process exits, or 20 s pass). */
async function waitUntilListening(port: number, child: ChildProcess, exited: Promise<number | null>, why: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (gone) assert.fail(why());
    if (await canConnect(port)) return;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      assert.fail(why());
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** One raw HTTP/1.1 request; the target and User-Agent are latin1 (one character per octet). */
function requestStatus(port: number, target: string, userAgent: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      const head = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (match) {
        socket.destroy();
        resolve(Number(match[1]));
      }
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`no status line for ${JSON.stringify(target)}: ${Buffer.concat(chunks).toString('latin1').slice(0, 200)}`)));
    socket.write(Buffer.from(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: ${userAgent}\r\nConnection: close\r\n\r\n`, 'latin1'));
  });
}
