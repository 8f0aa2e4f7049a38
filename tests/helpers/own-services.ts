import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './process';

/**
 * PostgreSQL and Redis instances of one test, on free ports in a temp folder, that the test may
 * stop and restart (the shared 5432 / 6379 serve other tests and must never be touched).
 */

const POSTGRES_USER = 'postgres';

/** The newest PostgreSQL server binaries on this machine (Debian layout), if any. */
function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/**
 * Why own instances cannot run here (initdb refuses root, so it runs as the `postgres` user,
 * which needs root to switch to), or undefined when they can.
 */
export function ownServicesMissing(): string | undefined {
  if (!postgresBinDir()) return 'PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin';
  if (!hasCommand('redis-server')) return 'redis-server not found on PATH';
  if (process.getuid?.() !== 0) return 'not running as root (needed to run initdb/pg_ctl as the postgres user)';
  if (spawnSync('id', ['-u', POSTGRES_USER]).status !== 0) return `no '${POSTGRES_USER}' OS user`;
  if (!hasCommand('runuser')) return 'runuser not found';
  return undefined;
}

export interface OwnPostgres {
  url: string;
  /** Stops with `-m fast`: open connections are terminated (57P01), as in a maintenance restart. */
  stop(): void;
  start(): void;
  destroy(): void;
}

/** initdb + pg_ctl start as the postgres user in a temp folder; trust auth on 127.0.0.1 only. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir()!;
  // Under /tmp, not TMPDIR: the postgres user must be able to reach it (a TMPDIR under /root is not),
  // and the unix socket path inside must stay short.
  const dir = mkdtempSync(join(existsSync('/tmp') ? '/tmp' : tmpdir(), 'enot-own-pg-'));
  const uid = Number(execFileSync('id', ['-u', POSTGRES_USER]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', POSTGRES_USER]).toString().trim());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const asPostgres = (tool: string, args: string[]) =>
    execFileSync('runuser', ['-u', POSTGRES_USER, '--', join(bin, tool), ...args], { stdio: 'pipe', timeout: 60_000 });
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', POSTGRES_USER, '--no-sync', '-E', 'UTF8', '--locale=C']);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => asPostgres('pg_ctl', ['-D', data, '-o', serverOptions, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start']);
  start();
  return {
    url: `postgres://${POSTGRES_USER}@127.0.0.1:${port}/postgres`,
    stop: () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    start,
    destroy() {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** redis-server on a free port, no persistence; stop() ends this process only. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'enot-own-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 15_000);
      started.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
