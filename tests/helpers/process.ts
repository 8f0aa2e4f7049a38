import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `count` different free ports (held together while chosen, so none is handed out twice). */
export async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((resolve, reject) => {
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => {
            const address = probe.address();
            resolve(typeof address === 'object' && address ? address.port : 0);
          });
        }),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `command args` run through `sh` with the soft open-file limit raised to `openFiles` first
 * (a process cannot raise its own limit from Node). `exec` keeps the pid: it is the command's.
 */
export function withOpenFileLimit(openFiles: number, command: string, args: readonly string[]): [string, string[]] {
  return ['sh', ['-c', `ulimit -n ${Math.floor(openFiles)} && exec "$0" "$@"`, command, ...args]];
}

export interface SpawnOptions {
  timeoutMs?: number;
  /** Raise the server's open-file limit to this first (thousands of sockets). */
  openFiles?: number;
  /** Arguments for node itself (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /**
   * 'source' (the default, every test): tsx on server/main.ts, the code as it stands with no build.
   * 'bundle': what `npm start` runs, plain node on out/server/main.js; the caller builds it first
   * (`buildServerBundle`). The benchmarks measure this one: a school's server runs no TypeScript loader.
   */
  entry?: 'source' | 'bundle';
}

/** Builds out/server (scripts/build-server.mjs) unless it is up to date; throws with the build's output. */
export function buildServerBundle(): void {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
}

/** A pino JSON line (server/logging) as the text line `time LEVEL message[: stack]`; other lines as they are. */
export function readableLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry: unknown = JSON.parse(line);
    if (typeof entry !== 'object' || entry === null) return line;
    const { time, level, msg, error } = entry as { time?: unknown; level?: unknown; msg?: unknown; error?: { stack?: unknown; message?: unknown } };
    if (typeof level !== 'string' || typeof msg !== 'string') return line;
    const detail = error ? `: ${String(error.stack ?? error.message)}` : '';
    return `${String(time)} ${level.toUpperCase()} ${msg}${detail}`;
  } catch {
    return line;
  }
}

/**
 * Runs the server as its own process with the given environment (tsx on server/main.ts, or with
 * `entry: 'bundle'` the built one `npm start` runs), and resolves once it prints its address.
 */
export async function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<ServerProcess> {
  const { timeoutMs = 60_000, openFiles, nodeArgs: extraNodeArgs = [], entry = 'source' } = options;
  const port = env.PORT ?? String(await freePort());
  const storageDir = mkdtempSync(join(tmpdir(), 'enot-storage-'));
  const nodeArgs = [...extraNodeArgs, ...(entry === 'bundle' ? ['--enable-source-maps', 'out/server/main.js'] : ['--import', 'tsx', 'server/main.ts'])];
  const inherited = { ...process.env };
  // A parent run under tsx may pass its loader on in NODE_OPTIONS: the bundle runs without one, as in production.
  if (entry === 'bundle') delete inherited.NODE_OPTIONS;
  const [command, args] = openFiles ? withOpenFileLimit(openFiles, process.execPath, nodeArgs) : [process.execPath, nodeArgs];
  const child = spawn(command, args, {
    cwd: ROOT,
    // Demo media is copied from a cache shared by every spawned server instead of re-encoded.
    // Demo data on every database (PostgreSQL too) unless a test passes DEMO_SEED itself.
    env: { ...inherited, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_SEED: 'on', DISK_FREE_MIN_MB: '1', STORAGE_DIR: storageDir, DEMO_MEDIA_CACHE: join(tmpdir(), 'enot-demo-media-cache'), ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let pending = '';
  // Whole lines only, each pino JSON line as `time LEVEL message` so tests read one format.
  const receive = (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) output += readableLogLine(line) + '\n';
  };
  child.stdout!.on('data', receive);
  child.stderr!.on('data', receive);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), timeoutMs);
    const check = () => {
      const match = /Енот запущен: (\S+)\/study\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    // The start banner is on stderr (stdout holds only JSON log lines).
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: started,
    child,
    output: () => output + pending,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
