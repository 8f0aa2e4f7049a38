/**
 * `npm run bench`: what signing costs. One `npm start` process (temp SQLite, BENCH_ROUTES=1) is
 * driven over keep-alive HTTP with the same concurrency on two routes:
 *
 *  - constant: POST /bench/constant, unsigned, parses the JSON body and returns a constant;
 *  - signed:   POST get_user_info.php, a real signed call (session lookup, HMAC, replay cache,
 *              current user, handler).
 *
 * Each route runs warmup + measured phases in two rounds with the order alternated. Every signed
 * payload is precomputed before its phase (replayed signatures are refused, so each is unique).
 * Target (the issue): the signed call keeps at least half the constant route's throughput.
 *
 * Environment: BENCH_CONCURRENCY (16), BENCH_WARMUP_S (5), BENCH_DURATION_S (10), BENCH_ROUNDS (2).
 * Results: a table on stdout and .bench/signed-call.json. Exits 1 if any signed reply failed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { account } from '../../src/shared/contract';
import { createTimestampSource, signPayload, SIGNATURE_WINDOW_MS } from '../../src/shared/signing';
import { TestClient, type Session } from '../helpers/client';
import { spawnServer, type ServerProcess } from '../helpers/process';
import { intEnv, nodeHmac, percentile, postJson, succeeded } from './kit';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_FILE = join(ROOT, '.bench', 'signed-call.json');

const CONCURRENCY = intEnv('BENCH_CONCURRENCY', 16);
const WARMUP_MS = intEnv('BENCH_WARMUP_S', 5) * 1000;
const MEASURE_MS = intEnv('BENCH_DURATION_S', 10) * 1000;
const ROUNDS = intEnv('BENCH_ROUNDS', 2);
const TARGET_THROUGHPUT_RATIO = 0.5;

const SIGNED_PATH = account.getUserInfo.path;
const CONSTANT_PATH = '/bench/constant';

type RouteName = 'constant' | 'signed';

interface PhaseResult {
  route: RouteName;
  round: number;
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Replies that were not HTTP 200 with success '1' (warmup included). */
  failures: number;
  firstFailure?: string;
}

/** Latencies in a growable Float64Array (no per-sample allocation while measuring). */
class Samples {
  private data = new Float64Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  sorted(): Float64Array {
    return this.data.slice(0, this.length).sort();
  }
  static merge(all: Samples[]): Samples {
    const merged = new Samples();
    for (const samples of all) for (let i = 0; i < samples.length; i++) merged.push(samples.data[i]!);
    return merged;
  }
}

/**
 * Precomputed unique signed bodies for one phase. Timestamps step by 1 ms from 4 minutes in the
 * past, so `size` payloads stay inside the ±5 min signature window for the whole phase.
 */
async function signedBodies(session: Session, size: number): Promise<Buffer[]> {
  const nextTs = createTimestampSource(() => Date.now() - (SIGNATURE_WINDOW_MS - 60_000));
  const bodies: Buffer[] = new Array(size);
  for (let i = 0; i < size; i++) {
    bodies[i] = Buffer.from(JSON.stringify(await signPayload(SIGNED_PATH, {}, session, nextTs(), nodeHmac)));
  }
  return bodies;
}

/** One phase: warmup then measurement at fixed concurrency over keep-alive connections. */
async function runPhase(
  url: URL,
  agent: Agent,
  route: RouteName,
  round: number,
  nextBody: () => Buffer | undefined,
): Promise<{ result: PhaseResult; samples: Samples }> {
  const path = route === 'signed' ? SIGNED_PATH : CONSTANT_PATH;
  const samples = new Samples();
  let failures = 0;
  let firstFailure: string | undefined;
  let exhausted = false;
  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const measureTo = measureFrom + MEASURE_MS;

  const once = async (body: Buffer) => {
    const reply = await postJson(agent, url, path, body);
    if (!succeeded(reply)) {
      failures += 1;
      firstFailure ??= `${reply.status} ${reply.text.slice(0, 200)}`;
    }
    if (reply.sentAt >= measureFrom && reply.doneAt <= measureTo) samples.push(reply.doneAt - reply.sentAt);
  };

  const worker = async () => {
    while (performance.now() < measureTo) {
      const body = nextBody();
      if (!body) {
        exhausted = true;
        return;
      }
      await once(body);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (exhausted) throw new Error(`${route} round ${round}: ran out of precomputed payloads; the estimate was too low`);

  const sorted = samples.sorted();
  const seconds = MEASURE_MS / 1000;
  return {
    samples,
    result: {
      route,
      round,
      requests: samples.length,
      seconds,
      rps: samples.length / seconds,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      failures,
      ...(firstFailure ? { firstFailure } : {}),
    },
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'enot-bench-'));
  let server: ServerProcess | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY, maxFreeSockets: CONCURRENCY });
  try {
    server = await spawnServer({
      DATABASE_URL: `sqlite:${join(dir, 'enot.db')}`,
      BENCH_ROUTES: '1',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
    });
    const url = new URL(server.url);
    const anonymous = new TestClient(server.url);
    const constantBody = Buffer.from(JSON.stringify(await (await anonymous.signIn('student')).sign(SIGNED_PATH, {})));

    const phases: PhaseResult[] = [];
    const samplesByRoute: Record<RouteName, Samples[]> = { constant: [], signed: [] };
    // Payloads per signed phase: the fastest rate seen so far (or a generous default), with margin,
    // capped so the last timestamp still falls inside the signature window.
    const phaseSeconds = (WARMUP_MS + MEASURE_MS) / 1000;
    const maxPayloads = SIGNATURE_WINDOW_MS * 2 - 120_000 - (WARMUP_MS + MEASURE_MS);
    let fastestRps = 0;

    process.stdout.write(
      `bench: concurrency ${CONCURRENCY}, ${WARMUP_MS / 1000} s warmup + ${MEASURE_MS / 1000} s measured per phase, ${ROUNDS} rounds, ` +
        `${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? '?'}), node ${process.version}\n`,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      const order: RouteName[] = round % 2 === 1 ? ['constant', 'signed'] : ['signed', 'constant'];
      for (const route of order) {
        let nextBody: () => Buffer | undefined;
        if (route === 'signed') {
          // A fresh session per signed phase keeps each phase's timestamps (and signatures) its own.
          const student = await anonymous.signIn('student');
          const size = Math.min(maxPayloads, fastestRps > 0 ? Math.ceil(fastestRps * phaseSeconds * 1.5) + 10_000 : 300_000);
          const prepared = performance.now();
          const bodies = await signedBodies(student.session!, size);
          process.stdout.write(`  round ${round} signed: ${size} payloads signed in ${Math.round(performance.now() - prepared)} ms\n`);
          let next = 0;
          nextBody = () => bodies[next++];
        } else {
          nextBody = () => constantBody;
        }
        const { result, samples } = await runPhase(url, agent, route, round, nextBody);
        phases.push(result);
        samplesByRoute[route].push(samples);
        fastestRps = Math.max(fastestRps, result.rps);
        process.stdout.write(
          `  round ${round} ${route.padEnd(8)} ${round1(result.rps)} req/s, p50 ${round2(result.p50Ms)} ms, p99 ${round2(result.p99Ms)} ms` +
            (result.failures ? `, ${result.failures} FAILED (${result.firstFailure})` : '') +
            '\n',
        );
      }
    }

    const summary = (route: RouteName) => {
      const mine = phases.filter((phase) => phase.route === route);
      const requests = mine.reduce((sum, phase) => sum + phase.requests, 0);
      const seconds = mine.reduce((sum, phase) => sum + phase.seconds, 0);
      const sorted = Samples.merge(samplesByRoute[route]).sorted();
      return {
        requests,
        seconds,
        rps: round1(requests / seconds),
        p50Ms: round2(percentile(sorted, 50)),
        p99Ms: round2(percentile(sorted, 99)),
        failures: mine.reduce((sum, phase) => sum + phase.failures, 0),
      };
    };
    const constant = summary('constant');
    const signed = summary('signed');
    const throughputRatio = round3(signed.rps / constant.rps);
    const p99Ratio = round3(signed.p99Ms / constant.p99Ms);
    const targetMet = throughputRatio >= TARGET_THROUGHPUT_RATIO;

    const rows = [
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'failures'],
      ['constant', constant.rps, constant.p50Ms, constant.p99Ms, constant.requests, constant.failures],
      ['signed', signed.rps, signed.p50Ms, signed.p99Ms, signed.requests, signed.failures],
    ].map((row) => row.map(String));
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    const table = rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
    process.stdout.write(
      [
        '',
        ...table,
        '',
        `signed/constant: throughput ${throughputRatio}, p99 ${p99Ratio}`,
        `target (signed keeps ≥ ${TARGET_THROUGHPUT_RATIO * 100}% of the constant route's throughput): ${targetMet ? 'MET' : 'NOT MET'}`,
        '',
      ].join('\n'),
    );

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model.trim() ?? null,
      database: 'sqlite (temp file)',
      concurrency: CONCURRENCY,
      warmupSeconds: WARMUP_MS / 1000,
      measuredSecondsPerPhase: MEASURE_MS / 1000,
      rounds: ROUNDS,
      routes: { constant: { path: CONSTANT_PATH, ...constant }, signed: { path: SIGNED_PATH, ...signed } },
      ratios: { throughput: throughputRatio, p99: p99Ratio },
      target: { throughputRatioAtLeast: TARGET_THROUGHPUT_RATIO, met: targetMet },
      phases: phases.map((phase) => ({ ...phase, rps: round1(phase.rps), p50Ms: round2(phase.p50Ms), p99Ms: round2(phase.p99Ms) })),
    };
    mkdirSync(join(ROOT, '.bench'), { recursive: true });
    writeFileSync(OUT_FILE, JSON.stringify(report, null, 2) + '\n');
    process.stdout.write(`written: ${OUT_FILE}\n`);

    if (signed.failures > 0 || constant.failures > 0) {
      process.stderr.write(`bench: ${signed.failures} signed and ${constant.failures} constant replies were not success '1'\n`);
      return 1;
    }
    return 0;
  } finally {
    agent.destroy();
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
