/**
 * `npm run bench`: what the platform's HTTP path costs, measured with wrk (a C load generator, so
 * the client does not eat the server's CPU the way a Node client would). Four routes:
 *
 *  a) anchor:   bare Hono on the same adapter, in its own process, POST that parses the JSON body;
 *  b) constant: our server's `/bench/constant` (BENCH_ROUTES), same body: middleware + routing;
 *  c) read:     signed get_user_info.php (session, HMAC, ±5 min window, replay cache, access);
 *  d) save:     signed save_ht_p2_new.php, spread over BENCH_STUDENTS students (part 2 autosave).
 *
 * Signed bodies are unique and pre-signed before each run (the replay cache refuses a repeated
 * signature) and fed to wrk by tests/bench/wrk/feed.lua. For each concurrency (50, 200), two rounds
 * with the route order reversed in the second; every run has its own short warmup. Reported: req/s,
 * p50, p99, non-2xx and replies that were not success '1', each route's ratio to (a), the server's
 * event-loop delay during the run (p50/p99/max, from /bench/loop-delay) and the targets (read p99
 * < 100 ms and save p99 < 250 ms at 200 connections), on stdout and in .bench/http.json. Exits 1 when any reply failed, 2 when wrk is missing.
 *
 * Environment: BENCH_DURATION_S (10), BENCH_WARMUP_S (3), BENCH_ROUNDS (2),
 * BENCH_CONNECTIONS (50,200), BENCH_STUDENTS (1000), BENCH_SERVER (bundle: the built server `npm start` runs; source: tsx), BENCH_ONLY (routes to run, e.g. read,save), BENCH_CPU_PROF (a folder: the server writes
 * a V8 CPU profile there on exit).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/db';
import { account, homeworkP2 } from '../../src/shared/contract';
import { createTimestampSource, signPayload, SIGNATURE_WINDOW_MS } from '../../src/shared/signing';
import { freePort, spawnServer, type ServerProcess } from '../helpers/process';
import { benchServerEntry, intEnv, nodeHmac, postJson, round1, round2, round3, succeeded } from './kit';
import { seedBenchAccounts, type BenchAccount } from './students';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_FILE = join(ROOT, '.bench', 'http.json');
const FEED = join(ROOT, 'tests/bench/wrk/feed.lua');

const DURATION_S = intEnv('BENCH_DURATION_S', 10);
const WARMUP_S = intEnv('BENCH_WARMUP_S', 3);
const ROUNDS = intEnv('BENCH_ROUNDS', 2);
const STUDENTS = intEnv('BENCH_STUDENTS', 1000);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS || '50,200').split(',').map((item) => Number(item.trim()));
/** Lesson 3's homework: open to students, two part 2 questions (the same one bench:autosave uses). */
const HT_NUM = 3;
const ANSWER_CHARS = 400;
/** Signed bodies for a route's first warmup, per second; later runs size by what was measured. */
const FIRST_GUESS_RPS = { read: 10_000, save: 4_000 } as const;

/** The targets of the issue, as ratios to the anchor in the same run. */
const TARGETS = { readThroughput: 0.5, readP99MsAt50: 25, saveThroughput: 0.25, readP99MsAt200: 100, saveP99MsAt200: 250 };

type Route = 'anchor' | 'constant' | 'read' | 'save';
const ALL_ROUTES: Route[] = ['anchor', 'constant', 'read', 'save'];
/** BENCH_ONLY=read,save measures a subset (profiling); the ratios then need 'anchor' in it. */
const ROUTES = process.env.BENCH_ONLY ? ALL_ROUTES.filter((route) => process.env.BENCH_ONLY!.split(',').includes(route)) : ALL_ROUTES;

interface WrkResult {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
  non2xx: number;
  socketErrors: number;
  failures: number;
  exhausted: number;
  firstFailure: string;
}

interface Run {
  route: Route;
  connections: number;
  round: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  failures: number;
  firstFailure?: string;
  /** Server CPU (user + system) per request in µs: contention on the machine barely moves it. */
  cpuUsPerRequest: number;
  /** How late the server's event loop ran during the run (our server only, not the anchor). */
  loopDelay?: LoopDelay;
}

interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

interface Student extends BenchAccount {
  tab: string;
  nextTs: () => number;
}


/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100;

function wrkMissing(): boolean {
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  return (probe.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Runs wrk once with one thread (the server gets the other core) and returns feed.lua's summary. */
function runWrk(url: string, path: string, bodiesFile: string, wrap: boolean, connections: number, seconds: number): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', FEED, url, '--', path, bodiesFile, wrap ? '1' : '0'];
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((text) => text.startsWith('{"requests"'));
      if (code !== 0 || !line) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      resolve(JSON.parse(line) as WrkResult);
    });
  });
}

/** The anchor server (tests/bench/wrk/bare-hono.ts) in its own process. */
async function startAnchor(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/wrk/bare-hono.ts', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('anchor server did not start')), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

function answerText(student: number, serial: number, qNumber: number): string {
  const head = `Ученик ${student}, черновик ${serial}, задание ${qNumber}. `;
  const filler = 'Государство осуществляет социальную политику через систему пенсий, пособий и льгот. ';
  return (head + filler.repeat(Math.ceil(ANSWER_CHARS / filler.length) + 1)).slice(0, ANSWER_CHARS);
}

async function main(): Promise<number> {
  if (wrkMissing()) {
    process.stderr.write('bench: wrk не найден — установите его: sudo apt-get install wrk\n');
    return 2;
  }
  const dir = mkdtempSync(join(tmpdir(), 'enot-bench-'));
  const bodiesFile = join(dir, 'bodies.jsonl');
  let server: ServerProcess | undefined;
  let anchor: ChildProcess | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  try {
    const databaseUrl = `sqlite:${join(dir, 'enot.db')}`;
    const profileDir = process.env.BENCH_CPU_PROF;
    const entry = benchServerEntry();
    server = await spawnServer({
      DATABASE_URL: databaseUrl,
      BENCH_ROUTES: '1',
      LOG_LEVEL: 'warn',
      REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
      DEMO_MEDIA: 'off',
    }, { entry, ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}) });
    const started = await startAnchor();
    anchor = started.child;
    const urls: Record<Route, string> = { anchor: started.url, constant: server.url, read: server.url, save: server.url };
    const paths: Record<Route, string> = { anchor: '/anchor', constant: '/bench/constant', read: account.getUserInfo.path, save: homeworkP2.saveHtP2New.path };

    // Students: seeded with sessions straight into the database, then each opens part 2 once
    // with its own tab id (the tab that may save), as the client does before autosaving.
    const seedDb = openDatabase(databaseUrl);
    const accounts = await seedBenchAccounts(seedDb, STUDENTS, Date.now()).finally(() => seedDb.close());
    // Timestamps start 4 minutes back so every pre-signed body stays inside the ±5 min window.
    const students: Student[] = accounts.map((student) => ({
      ...student,
      tab: student.id.toString(36).padStart(6, 't'),
      nextTs: createTimestampSource(() => Date.now() - (SIGNATURE_WINDOW_MS - 60_000)),
    }));
    const sign = async (student: Student, path: string, input: Record<string, unknown>) =>
      JSON.stringify(await signPayload(path, input, student.session, student.nextTs(), nodeHmac));
    const url = new URL(server.url);
    let qNumbers: number[] = [];
    for (const student of students) {
      const reply = await postJson(agent, url, homeworkP2.getHtP2Camel.path, Buffer.from(await sign(student, homeworkP2.getHtP2Camel.path, { htNum: HT_NUM, markSave: student.tab })));
      if (!succeeded(reply)) throw new Error(`opening part 2 failed: ${reply.status} ${reply.text.slice(0, 200)}`);
      if (qNumbers.length === 0) qNumbers = homeworkP2.getHtP2Camel.output.parse(JSON.parse(reply.text)).questions.map((question) => question.qNumber);
    }
    if (qNumbers.length === 0) throw new Error(`homework ${HT_NUM} has no part 2 questions`);
    const constantBody = await sign(students[0]!, account.getUserInfo.path, {});

    /** The server's event-loop delay since the last look (BENCH_ROUTES), and a new window. */
    const loopDelay = async (): Promise<LoopDelay> => {
      const reply = await fetch(new URL('/bench/loop-delay', server!.url));
      const { p50Ms, p99Ms, maxMs } = (await reply.json()) as LoopDelay;
      return { p50Ms, p99Ms, maxMs };
    };

    let serial = 0;
    /** `count` unique signed bodies, students taken in turn so concurrent saves rarely share one. */
    const signedBodies = async (route: 'read' | 'save', count: number): Promise<string> => {
      const lines: string[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const student = students[i % students.length]!;
        serial += 1;
        lines[i] =
          route === 'read'
            ? await sign(student, paths.read, {})
            : await sign(student, paths.save, {
                htNum: HT_NUM,
                markSave: student.tab,
                questions: qNumbers.map((qNumber) => ({ q_number: qNumber, user_answer: answerText(student.id, serial, qNumber) })),
              });
      }
      return lines.join('\n') + '\n';
    };

    const fastest: Partial<Record<Route, number>> = {};
    const runs: Run[] = [];
    /** One warmup + one measured wrk run of `route`, each fed bodies nobody sent before. */
    const measure = async (route: Route, connections: number, round: number): Promise<Run> => {
      const once = async (seconds: number, warmup: boolean): Promise<WrkResult> => {
        if (route === 'anchor' || route === 'constant') {
          writeFileSync(bodiesFile, constantBody + '\n');
          return runWrk(urls[route], paths[route], bodiesFile, true, connections, seconds);
        }
        // Enough bodies for twice the fastest rate this route has shown, never under the first guess:
        // a warmup slowed by the connection burst or a busy machine must not starve the real run.
        const rate = Math.max(fastest[route] ?? 0, FIRST_GUESS_RPS[route]);
        writeFileSync(bodiesFile, await signedBodies(route, Math.ceil(rate * seconds * 2) + 1_000));
        const result = await runWrk(urls[route], paths[route], bodiesFile, false, connections, seconds);
        if (result.exhausted > 0) {
          if (!warmup) throw new Error(`${route}: wrk ran out of pre-signed bodies (${result.exhausted} resent); the estimate was too low`);
          // A warmup that outran its guess resent bodies (refused as replays): only its rate is used.
          return { ...result, failures: 0, non2xx: 0, firstFailure: '' };
        }
        return result;
      };
      const warm = await once(WARMUP_S, true);
      if (route === 'read' || route === 'save') fastest[route] = Math.max(fastest[route] ?? 0, warm.requests / (warm.durationUs / 1e6));
      const pid = route === 'anchor' ? anchor?.pid : server!.child.pid;
      const cpuBefore = cpuMs(pid);
      if (route !== 'anchor') await loopDelay();
      const result = await once(DURATION_S, false);
      const delay = route !== 'anchor' ? await loopDelay() : undefined;
      const cpuUsPerRequest = round1(((cpuMs(pid) - cpuBefore) * 1000) / result.requests);
      const rps = result.requests / (result.durationUs / 1e6);
      fastest[route] = Math.max(fastest[route] ?? 0, rps);
      const failures = warm.failures + result.failures;
      const run: Run = {
        route,
        connections,
        round,
        rps: round1(rps),
        p50Ms: round2(result.p50Us / 1000),
        p99Ms: round2(result.p99Us / 1000),
        non2xx: warm.non2xx + result.non2xx,
        failures,
        ...(failures > 0 ? { firstFailure: warm.firstFailure || result.firstFailure } : {}),
        cpuUsPerRequest,
        ...(delay ? { loopDelay: delay } : {}),
      };
      process.stdout.write(
        `  c=${connections} round ${round} ${route.padEnd(8)} ${run.rps} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, server cpu ${run.cpuUsPerRequest} µs/req` +
          (delay ? `, event loop delay p50 ${delay.p50Ms} / p99 ${delay.p99Ms} / max ${delay.maxMs} ms` : '') +
          (failures ? `, ${failures} FAILED (${run.firstFailure})` : '') +
          '\n',
      );
      return run;
    };

    process.stdout.write(
      `bench: wrk -t1, ${WARMUP_S} s warmup + ${DURATION_S} s per run, ${ROUNDS} rounds at ${CONNECTIONS.join(' and ')} connections, ` +
        `${STUDENTS} students, ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? '?'}), node ${process.version}, server: ${entry}\n`,
    );
    for (const connections of CONNECTIONS) {
      for (let round = 1; round <= ROUNDS; round++) {
        const order = round % 2 === 1 ? ROUTES : [...ROUTES].reverse();
        for (const route of order) runs.push(await measure(route, connections, round));
      }
    }

    // Summary per (connections, route): throughput averaged over rounds, the worse p50/p99.
    const summary = CONNECTIONS.map((connections) => {
      const of = (route: Route) => {
        const mine = runs.filter((run) => run.connections === connections && run.route === route);
        return {
          rps: round1(mine.reduce((sum, run) => sum + run.rps, 0) / mine.length),
          p50Ms: Math.max(...mine.map((run) => run.p50Ms)),
          p99Ms: Math.max(...mine.map((run) => run.p99Ms)),
          non2xx: mine.reduce((sum, run) => sum + run.non2xx, 0),
          failures: mine.reduce((sum, run) => sum + run.failures, 0),
          cpuUsPerRequest: round1(mine.reduce((sum, run) => sum + run.cpuUsPerRequest, 0) / mine.length),
          // The worst window of the rounds (none for the anchor, another process).
          loopP99Ms: Math.max(...mine.map((run) => run.loopDelay?.p99Ms ?? NaN)),
          loopMaxMs: Math.max(...mine.map((run) => run.loopDelay?.maxMs ?? NaN)),
        };
      };
      const routes = Object.fromEntries(ROUTES.map((route) => [route, of(route)])) as Partial<Record<Route, ReturnType<typeof of>>> & Record<Route, ReturnType<typeof of>>;
      const ratios = Object.fromEntries(ROUTES.map((route) => [route, round3(routes[route].rps / (routes.anchor?.rps ?? NaN))])) as Record<Route, number>;
      return { connections, routes, ratios };
    });

    const rows: string[][] = [['conns', 'route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'failed', 'cpu µs/req', '× anchor', 'loop p99 ms', 'loop max ms']];
    for (const { connections, routes, ratios } of summary) {
      for (const route of ROUTES) {
        const item = routes[route];
        rows.push([String(connections), route, String(item.rps), String(item.p50Ms), String(item.p99Ms), String(item.non2xx), String(item.failures), String(item.cpuUsPerRequest), String(ratios[route]), String(item.loopP99Ms), String(item.loopMaxMs)]);
      }
    }
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    const table = rows.map((row) => row.map((cell, column) => (column <= 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
    const at50 = summary.find((item) => item.connections === 50);
    const at200 = summary.find((item) => item.connections === 200);
    const all = ALL_ROUTES.every((route) => ROUTES.includes(route));
    const targets = {
      ...(at50 && all
        ? {
            readThroughput: { want: `≥ ${TARGETS.readThroughput} × anchor (at 50 connections)`, got: at50.ratios.read, met: at50.ratios.read >= TARGETS.readThroughput },
            readP99At50: { want: `< ${TARGETS.readP99MsAt50} ms (at 50 connections)`, got: at50.routes.read.p99Ms, met: at50.routes.read.p99Ms < TARGETS.readP99MsAt50 },
            saveThroughput: { want: `≥ ${TARGETS.saveThroughput} × anchor (at 50 connections)`, got: at50.ratios.save, met: at50.ratios.save >= TARGETS.saveThroughput },
          }
        : {}),
      // Tail latency under a crowd (issue #27).
      ...(at200?.routes.read ? { readP99At200: { want: `< ${TARGETS.readP99MsAt200} ms (at 200 connections)`, got: at200.routes.read.p99Ms, met: at200.routes.read.p99Ms < TARGETS.readP99MsAt200 } } : {}),
      ...(at200?.routes.save ? { saveP99At200: { want: `< ${TARGETS.saveP99MsAt200} ms (at 200 connections)`, got: at200.routes.save.p99Ms, met: at200.routes.save.p99Ms < TARGETS.saveP99MsAt200 } } : {}),
    };
    process.stdout.write(
      [
        '',
        ...table,
        '',
        ...Object.entries(targets).map(([name, target]) => `target ${name} ${target.want}: ${target.got} — ${target.met ? 'MET' : 'NOT MET'}`),
        '',
      ].join('\n'),
    );

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      server: entry,
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model.trim() ?? null,
      tool: 'wrk -t1',
      database: 'sqlite (temp file)',
      students: STUDENTS,
      warmupSeconds: WARMUP_S,
      secondsPerRun: DURATION_S,
      rounds: ROUNDS,
      paths,
      summary,
      targets,
      runs,
    };
    mkdirSync(join(ROOT, '.bench'), { recursive: true });
    writeFileSync(OUT_FILE, JSON.stringify(report, null, 2) + '\n');
    process.stdout.write(`written: ${OUT_FILE}\n`);

    const failed = runs.reduce((sum, run) => sum + run.failures, 0);
    if (failed > 0) {
      process.stderr.write(`bench: ${failed} replies were not success '1'\n`);
      return 1;
    }
    return 0;
  } finally {
    agent.destroy();
    anchor?.kill('SIGTERM');
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
