/**
 * `npm run bench:live`: one push to 10,000 live sockets, the way the product sends it.
 *
 * Accounts: BENCH_SOCKETS copies of the demo student, each with its own session, seeded straight
 * into the database (tests/bench/students.ts) — one socket per student, so the push to everyone
 * computes flags for 10,000 distinct users, the worst case.
 *
 * Scenarios (BENCH_SCENARIOS, default both):
 *  - single: one `npm start` process on a temp SQLite file, all sockets on it;
 *  - redis:  two processes on one PostgreSQL schema (TEST_DATABASE_URL) and one Redis
 *            (TEST_REDIS_URL, a unique REDIS_PREFIX per run), half of the sockets on each.
 *
 * The server and the client processes (live-clients.ts, BENCH_SOCKETS_PER_WORKER sockets each,
 * using `ws`) run through `sh -c 'ulimit -n …'` with the open-file limit raised to the hard limit
 * (at most 65536). Once every socket is open and got its display flags on connect, the demo
 * `admin` (signed in with password demo) changes the calendar icon's rule over its own live socket
 * on the first instance (admin_settings/icons/update_available_icon: students lose the calendar), and
 * each client notes when its `/app_general/update_icons` push with calendar '0' arrives.
 * Latency = arrival − the moment the admin call was sent (one monotonic clock for all processes).
 * Memory per socket = server VmRSS after connecting − before, divided by the sockets it holds.
 *
 * Output: a table on stdout and .bench/live.json; exits 1 if any socket did not connect or missed
 * the push. Environment: BENCH_SOCKETS (10000), BENCH_SOCKETS_PER_WORKER (2500),
 * BENCH_HANDSHAKES (50 per client process in flight), BENCH_SCENARIOS (single,redis).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type OpenedDb } from '../../server/db';
import { admin, shell } from '../../src/shared/contract';
import type { InputOf } from '../../src/shared/contract/core';
import { TestClient } from '../helpers/client';
import { spawnServer, withOpenFileLimit, type ServerProcess } from '../helpers/process';
import { createPostgresSchema, dropRedisPrefix, withSearchPath } from '../helpers/server';
import { benchServerEntry, intEnv, percentile, round1, round2 } from './kit';
import { monotonicMs, type ClientCommand, type ClientReport } from './live-protocol';
import { seedBenchAccounts, type BenchAccount } from './students';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_FILE = join(ROOT, '.bench', 'live.json');
const SOCKETS = intEnv('BENCH_SOCKETS', 10_000);
const PER_WORKER = intEnv('BENCH_SOCKETS_PER_WORKER', 2_500);
const HANDSHAKES = intEnv('BENCH_HANDSHAKES', 50);
const SCENARIOS = (process.env.BENCH_SCENARIOS || 'single,redis').split(',').map((item) => item.trim());
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const DELIVERY_TIMEOUT_MS = 30_000;
/** Students see the calendar (seeded for 'all' but Неактивный); the admin call takes it from them. */
const CALENDAR_NOT_FOR_STUDENTS: InputOf<typeof admin.updateAvailableIcon> = { icon: 'calendar', roles: ['all'], exclude: ['Неактивный', 'Ученик'], groups: [] };

/** The soft open-file limit to run servers and clients with: the hard limit, at most 65536. */
function openFileLimit(): number {
  const hard = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  const limit = hard === 'unlimited' ? 65_536 : Math.min(65_536, Number(hard));
  // Each socket is one descriptor in the server and one in a client; a few hundred more for the rest.
  const needed = Math.max(SOCKETS, PER_WORKER) + 512;
  if (!Number.isInteger(limit) || limit < needed) throw new Error(`the hard open-file limit (${hard}) is below the ${needed} this bench needs; raise it (ulimit -Hn)`);
  return limit;
}

/** Resident memory of a process in KiB (VmRSS of /proc/<pid>/status). */
function rssKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]);
}

/** A client process of live-clients.ts, driven over its IPC channel. */
class ClientProcess {
  private readonly reports: ClientReport[] = [];
  private readonly waiters: Array<() => void> = [];
  private readonly exited: Promise<void>;

  constructor(private readonly child: ChildProcess) {
    child.on('message', (report: ClientReport) => {
      this.reports.push(report);
      this.waiters.splice(0).forEach((wake) => wake());
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    void this.exited.then(() => this.waiters.splice(0).forEach((wake) => wake()));
  }

  static start(openFiles: number): ClientProcess {
    const [command, args] = withOpenFileLimit(openFiles, process.execPath, ['--import', 'tsx', 'tests/bench/live-clients.ts']);
    return new ClientProcess(spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }

  send(command: ClientCommand): void {
    this.child.send(command);
  }

  /** The next report of this kind (reports arrive in the order the commands were sent). */
  async next<K extends ClientReport['kind']>(kind: K): Promise<Extract<ClientReport, { kind: K }>> {
    for (;;) {
      const index = this.reports.findIndex((report) => report.kind === kind);
      if (index >= 0) return this.reports.splice(index, 1)[0] as Extract<ClientReport, { kind: K }>;
      if (this.child.exitCode !== null || this.child.signalCode !== null) throw new Error(`a client process exited (${this.child.exitCode ?? this.child.signalCode})`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.connected) this.send({ kind: 'close' });
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

interface Instance {
  name: string;
  server: ServerProcess;
  accounts: BenchAccount[];
}

interface ScenarioResult {
  scenario: string;
  instances: number;
  sockets: number;
  connected: number;
  connectFailures: number;
  firstConnectError?: string;
  /** From the first handshake until every socket is open / also has its flags pushed on connect. */
  connectS: number;
  initialFlagsS: number;
  initialFlags: number;
  adminReplyMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  received: number;
  expected: number;
  stillOpen: number;
  memory: Array<{ instance: string; sockets: number; rssBeforeMiB: number; rssAfterMiB: number; kibPerSocket: number }>;
}

const log = (line: string) => process.stdout.write(`  ${line}\n`);

/** Connects every instance's accounts from client processes, then measures one admin push to all. */
async function measure(scenario: string, instances: Instance[], openFiles: number): Promise<ScenarioResult> {
  const workers: Array<{ instance: Instance; process: ClientProcess }> = [];
  try {
    const rssBefore = instances.map((instance) => rssKiB(instance.server.child.pid!));
    for (const instance of instances) {
      for (let from = 0; from < instance.accounts.length; from += PER_WORKER) {
        const worker = { instance, process: ClientProcess.start(openFiles) };
        workers.push(worker);
        worker.process.send({ kind: 'connect', url: instance.server.url, sessions: instance.accounts.slice(from, from + PER_WORKER).map((account) => account.session), inFlight: HANDSHAKES });
      }
    }
    const connected = await Promise.all(workers.map((worker) => worker.process.next('connected')));
    const sockets = instances.reduce((sum, instance) => sum + instance.accounts.length, 0);
    const opened = connected.reduce((sum, report) => sum + report.opened, 0);
    const initialFlags = connected.reduce((sum, report) => sum + report.initialPushes, 0);
    // Every client process started within a few ms of the others; the slowest one decides.
    const connectS = Math.max(...connected.map((report) => report.connectMs)) / 1000;
    const initialFlagsS = Math.max(...connected.map((report) => report.initialPushMs)) / 1000;
    log(`${opened}/${sockets} sockets open in ${round1(connectS)} s, ${initialFlags} with their flags pushed on connect after ${round1(initialFlagsS)} s`);
    const memory = instances.map((instance, index) => {
      const after = rssKiB(instance.server.child.pid!);
      return {
        instance: instance.name,
        sockets: instance.accounts.length,
        rssBeforeMiB: round1(rssBefore[index]! / 1024),
        rssAfterMiB: round1(after / 1024),
        kibPerSocket: round2((after - rssBefore[index]!) / instance.accounts.length),
      };
    });

    // The admin's own socket on the first instance; the push is the reaction to its call.
    const adminSocket = await (await new TestClient(instances[0]!.server.url).signIn('admin')).openLive();
    await adminSocket.waitFor((message) => message.method === shell.updateIcons.path, 30_000);
    for (const worker of workers) worker.process.send({ kind: 'watch', icon: 'calendar', value: '0' });
    await Promise.all(workers.map((worker) => worker.process.next('watching')));
    const sentAt = monotonicMs();
    await adminSocket.request(admin.updateAvailableIcon, CALENDAR_NOT_FOR_STUDENTS);
    const adminReplyMs = monotonicMs() - sentAt;
    for (const worker of workers) worker.process.send({ kind: 'collect', timeoutMs: DELIVERY_TIMEOUT_MS });
    const deliveries = await Promise.all(workers.map((worker) => worker.process.next('deliveries')));
    adminSocket.close();

    const latencies = Float64Array.from(deliveries.flatMap((report) => report.receivedAt.map((at) => at - sentAt))).sort();
    return {
      scenario,
      instances: instances.length,
      sockets,
      connected: opened,
      connectFailures: connected.reduce((sum, report) => sum + report.failed, 0),
      firstConnectError: connected.find((report) => report.firstError)?.firstError,
      connectS: round2(connectS),
      initialFlagsS: round2(initialFlagsS),
      initialFlags,
      adminReplyMs: round1(adminReplyMs),
      p50Ms: round1(percentile(latencies, 50)),
      p99Ms: round1(percentile(latencies, 99)),
      maxMs: round1(latencies[latencies.length - 1] ?? NaN),
      received: latencies.length,
      expected: sockets,
      stillOpen: deliveries.reduce((sum, report) => sum + report.stillOpen, 0),
      memory,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.process.stop()));
  }
}

/** Seeds `count` accounts through a connection of its own and splits them over the instances. */
async function seedAccounts(openDb: () => OpenedDb, count: number): Promise<BenchAccount[]> {
  const seeding = performance.now();
  const db = openDb();
  const accounts = await seedBenchAccounts(db, count, Date.now()).finally(() => db.close());
  log(`${accounts.length} students with sessions seeded in ${Math.round(performance.now() - seeding)} ms`);
  return accounts;
}

async function single(openFiles: number): Promise<ScenarioResult> {
  const dir = mkdtempSync(join(tmpdir(), 'enot-bench-live-'));
  let server: ServerProcess | undefined;
  try {
    const databaseUrl = `sqlite:${join(dir, 'enot.db')}`;
    server = await spawnServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', REDIS_URL: '', DEMO_MEDIA: '0' }, { openFiles, entry: benchServerEntry() });
    const accounts = await seedAccounts(() => openDatabase(databaseUrl), SOCKETS);
    return await measure('single', [{ name: 'A', server, accounts }], openFiles);
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function redis(openFiles: number): Promise<ScenarioResult> {
  // createPostgresSchema reads the database from TEST_DATABASE_URL; the bench defaults it like autosave.
  process.env.TEST_DATABASE_URL = PG_URL;
  const schema = await createPostgresSchema();
  const prefix = `enot-bench-${randomBytes(6).toString('hex')}:`;
  const servers: ServerProcess[] = [];
  try {
    const env = { DATABASE_URL: withSearchPath(PG_URL, schema.schema), REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn', DEMO_MEDIA: '0' };
    // A migrates and seeds the demo accounts; B finds the schema ready. One build check for both.
    const entry = benchServerEntry();
    servers.push(await spawnServer(env, { openFiles, entry }));
    servers.push(await spawnServer({ ...env, DEMO_SEED: 'off' }, { openFiles, entry }));
    const accounts = await seedAccounts(() => openDatabase(PG_URL, { searchPath: schema.schema, poolSize: 2 }), SOCKETS);
    const half = Math.ceil(accounts.length / 2);
    return await measure(
      'redis',
      [
        { name: 'A', server: servers[0]!, accounts: accounts.slice(0, half) },
        { name: 'B', server: servers[1]!, accounts: accounts.slice(half) },
      ],
      openFiles,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await schema.drop();
    await dropRedisPrefix(REDIS_URL, prefix);
  }
}

function table(results: ScenarioResult[]): string {
  const header = ['scenario', 'sockets', 'connect', 'connected', 'p50', 'p99', 'max', 'received', 'memory/socket'];
  const rows = results.map((result) => [
    `${result.scenario} (${result.instances} × ${result.instances === 1 ? 'SQLite' : 'PostgreSQL + Redis'})`,
    String(result.sockets),
    `${result.connectS} s`,
    `${result.connected}/${result.sockets}`,
    `${result.p50Ms} ms`,
    `${result.p99Ms} ms`,
    `${result.maxMs} ms`,
    `${result.received}/${result.expected}`,
    result.memory.map((item) => `${item.instance} ${item.kibPerSocket} KiB`).join(', '),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

async function main(): Promise<number> {
  const openFiles = openFileLimit();
  process.stdout.write(
    `bench live: ${SOCKETS} sockets, ${PER_WORKER} per client process, open-file limit ${openFiles}, ` +
      `${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? '?'}), node ${process.version}\n`,
  );
  const runners: Record<string, (openFiles: number) => Promise<ScenarioResult>> = { single, redis };
  const results: ScenarioResult[] = [];
  for (const scenario of SCENARIOS) {
    const run = runners[scenario];
    if (!run) throw new Error(`unknown scenario ${JSON.stringify(scenario)} (single, redis)`);
    process.stdout.write(`${scenario}:\n`);
    const result = await run(openFiles);
    log(`admin call answered in ${result.adminReplyMs} ms; push received by ${result.received}/${result.expected}, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms`);
    results.push(result);
  }
  process.stdout.write(`\n${table(results)}\n`);
  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  writeFileSync(OUT_FILE, JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: availableParallelism(), socketsPerClientProcess: PER_WORKER, results }, null, 2) + '\n');
  process.stdout.write(`written: ${OUT_FILE}\n`);
  const failed = results.filter((result) => result.connected < result.sockets || result.received < result.expected);
  for (const result of failed) {
    process.stderr.write(`${result.scenario}: ${result.sockets - result.connected} sockets did not connect${result.firstConnectError ? ` (${result.firstConnectError})` : ''}, ${result.expected - result.received} missed the push\n`);
  }
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
