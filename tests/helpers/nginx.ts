import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SITE_TEMPLATE = join(ROOT, 'deploy', 'nginx.conf');

function nginxBinary(): string | undefined {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const found = spawnSync('sh', ['-c', 'command -v nginx']);
  return found.status === 0 ? found.stdout.toString().trim() : undefined;
}

/** Why nginx cannot run here, or undefined when it can (.ci/run installs it). */
export function nginxMissing(): string | undefined {
  return nginxBinary() ? undefined : 'nginx is not installed (apt-get install nginx; .ci/run does it)';
}

export interface RunningNginx {
  /** The TLS server block (self-signed certificate for 127.0.0.1 and TEST_HOST_NAME). */
  url: string;
  /** The port 80 block: redirects to `url`, except certbot's /.well-known/acme-challenge/. */
  httpUrl: string;
  /** The self-signed certificate (PEM) nginx presents: the CA to trust in a Node client. */
  certificate: string;
  /** A file served from the certbot webroot: /.well-known/acme-challenge/<name>, with `content`. */
  acmeToken: { name: string; content: string };
  /** The access log so far (deploy/nginx.conf's `enot` format, with upstream=… per request). */
  accessLog(): string;
  stop(): Promise<void>;
}

/** A name that is not loopback for the browser (Chromium maps it to 127.0.0.1 with --host-resolver-rules). */
export const TEST_HOST_NAME = 'school.test';

/** A throwaway self-signed certificate, as certbot would leave one: fullchain.pem and privkey.pem. */
function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  const made = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-keyout', key, '-out', certificate, '-subj', `/CN=${TEST_HOST_NAME}`,
    '-addext', `subjectAltName=DNS:${TEST_HOST_NAME},IP:127.0.0.1`,
  ]);
  if (made.status !== 0) throw new Error(`openssl could not make a test certificate:\n${made.stderr.toString()}`);
  return { certificate, key };
}

/**
 * deploy/nginx.conf as shipped, with its instance addresses, ports, certificate and folders pointed
 * at this test, inside a minimal main config of its own: an unprivileged prefix, pid, temp paths and
 * logs in a temp folder, in the foreground. Only the lines substituted here differ from production.
 */
export async function startNginx(options: { port: number; tlsPort: number; instances: readonly string[] }): Promise<RunningNginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error(nginxMissing());
  const dir = mkdtempSync(join(tmpdir(), 'enot-nginx-'));
  for (const sub of ['cache', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'certbot/.well-known/acme-challenge']) mkdirSync(join(dir, sub), { recursive: true });
  const acmeToken = { name: 'enot-test-token', content: 'enot-test-token.key-authorization' };
  writeFileSync(join(dir, 'certbot/.well-known/acme-challenge', acmeToken.name), acmeToken.content);
  const tls = selfSignedCertificate(dir);
  const [first, second] = options.instances.map((url) => new URL(url).host);
  let site = readFileSync(SITE_TEMPLATE, 'utf8');
  const substitutions: [string, string][] = [
    ['server 127.0.0.1:3001 ', `server ${first} `],
    ['server 127.0.0.1:3002 ', `server ${second} `],
    ['listen 80;', `listen 127.0.0.1:${options.port};`],
    ['listen 443 ssl;', `listen 127.0.0.1:${options.tlsPort} ssl;`],
    // Production's https is on the default port; here it is not, so the redirect names it.
    ['return 301 https://$host$request_uri;', `return 301 https://$host:${options.tlsPort}$request_uri;`],
    ['/etc/letsencrypt/live/school.example/fullchain.pem', tls.certificate],
    ['/etc/letsencrypt/live/school.example/privkey.pem', tls.key],
    ['/var/www/certbot', join(dir, 'certbot')],
    ['/var/cache/nginx/enot', join(dir, 'cache')],
    ['/var/log/nginx/enot.access.log', join(dir, 'access.log')],
  ];
  for (const [from, to] of substitutions) {
    if (!site.includes(from)) throw new Error(`deploy/nginx.conf no longer contains '${from}': update tests/helpers/nginx.ts`);
    site = site.replaceAll(from, to);
  }
  writeFileSync(join(dir, 'enot.conf'), site);
  // As root the workers would switch to 'nobody', who cannot enter this 0700 folder.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${user}worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  include ${join(dir, 'enot.conf')};
}
`,
  );
  const check = spawnSync(binary, ['-t', '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')]);
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr.toString()}`);
  const child = spawn(binary, ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const exitedEarly = () => (child.exitCode !== null ? `nginx exited with ${child.exitCode}:\n${output}` : undefined);
  await waitForPort(options.port, exitedEarly);
  await waitForPort(options.tlsPort, exitedEarly);
  return {
    url: `https://127.0.0.1:${options.tlsPort}`,
    httpUrl: `http://127.0.0.1:${options.port}`,
    certificate: readFileSync(tls.certificate, 'utf8'),
    acmeToken,
    accessLog: () => (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : ''),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, failed: () => string | undefined): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const problem = failed();
    if (problem) throw new Error(problem);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port} within 10 s`);
}
