/**
 * `npm run bench:stream`: what the stream's checks cost. One `npm start` process (temp SQLite,
 * BENCH_ROUTES=1, demo media from the shared cache) is driven over keep-alive HTTP, same
 * concurrency, on two routes serving the same 4-second segment of a demo video:
 *
 *  - plain:  GET /bench/segment (video row → storage → bytes, no checks);
 *  - signed: GET /app/api/videos/v_link_new.php with the device/ts/signature cookies (session
 *            lookup, HMAC, user, course access rule, readiness, then the same bytes).
 *
 * Warmup + measured phases, rounds alternating the order; the ratio signed/plain is measured in
 * this one run. Environment: BENCH_CONCURRENCY (16), BENCH_WARMUP_S (3), BENCH_DURATION_S (8),
 * BENCH_ROUNDS (2). Results on stdout and in .bench/video-stream.json; exits 1 on any failed reply.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signStreamCookies, STREAM_PATH } from '../../src/shared/signing';
import { TestClient } from '../helpers/client';
import { spawnServer, type ServerProcess } from '../helpers/process';
import { benchServerEntry, intEnv, nodeHmac, round1, round3 } from './kit';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_FILE = join(ROOT, '.bench', 'video-stream.json');
const CONCURRENCY = intEnv('BENCH_CONCURRENCY', 16);
const WARMUP_MS = intEnv('BENCH_WARMUP_S', 3) * 1000;
const MEASURE_MS = intEnv('BENCH_DURATION_S', 8) * 1000;
const ROUNDS = intEnv('BENCH_ROUNDS', 2);

type RouteName = 'plain' | 'signed';

interface Phase {
  route: RouteName;
  round: number;
  requests: number;
  rps: number;
  mbPerS: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

function get(agent: Agent, url: URL, path: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: url.hostname, port: url.port, method: 'GET', path, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function runPhase(agent: Agent, url: URL, route: RouteName, round: number, path: string, headers: Record<string, string>, expectedBytes: number): Promise<Phase> {
  const latencies: number[] = [];
  let failures = 0;
  let bytes = 0;
  const measureFrom = performance.now() + WARMUP_MS;
  const measureTo = measureFrom + MEASURE_MS;
  const worker = async () => {
    while (performance.now() < measureTo) {
      const sent = performance.now();
      const reply = await get(agent, url, path, headers);
      const done = performance.now();
      if (reply.status !== 200 || reply.bytes !== expectedBytes) failures += 1;
      if (sent >= measureFrom && done <= measureTo) {
        latencies.push(done - sent);
        bytes += reply.bytes;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))] ?? NaN;
  const seconds = MEASURE_MS / 1000;
  return { route, round, requests: latencies.length, rps: latencies.length / seconds, mbPerS: bytes / seconds / 1e6, p50Ms: at(50), p99Ms: at(99), failures };
}


async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'enot-bench-stream-'));
  let server: ServerProcess | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY, maxFreeSockets: CONCURRENCY });
  try {
    server = await spawnServer({ DATABASE_URL: `sqlite:${join(dir, 'enot.db')}`, BENCH_ROUTES: '1', DEMO_MEDIA: '1', LOG_LEVEL: 'warn', REDIS_URL: '' }, { entry: benchServerEntry() });
    const url = new URL(server.url);
    const student = await new TestClient(server.url).signIn('student');
    // The cookies are valid 10 minutes: one set covers the whole run, as it covers a player's segments.
    const cookies = await signStreamCookies(student.session!, Date.now(), nodeHmac);
    const cookie = `device=${cookies.device}; ts=${cookies.ts}; signature=${cookies.signature}`;
    const videoId = 1;
    const signedPath = `${STREAM_PATH}?video_id=${videoId}&segment=seg_00001.ts`;
    const plainPath = `/bench/segment?video_id=${videoId}&segment=seg_00001.ts`;

    // Demo media is made by the server's job loop (copied from the cache when warm).
    const deadline = Date.now() + 120_000;
    let probe = await get(agent, url, signedPath, { cookie });
    while (probe.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      probe = await get(agent, url, signedPath, { cookie });
    }
    if (probe.status !== 200) throw new Error(`demo media did not become ready (last status ${probe.status})`);
    const plainProbe = await get(agent, url, plainPath, {});
    if (plainProbe.bytes !== probe.bytes) throw new Error('the two routes serve different bytes');

    process.stdout.write(
      `bench stream: segment ${probe.bytes} bytes, concurrency ${CONCURRENCY}, ${WARMUP_MS / 1000} s warmup + ${MEASURE_MS / 1000} s per phase, ${ROUNDS} rounds, ` +
        `${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? '?'}), node ${process.version}\n`,
    );
    const phases: Phase[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order: RouteName[] = round % 2 === 1 ? ['plain', 'signed'] : ['signed', 'plain'];
      for (const route of order) {
        const phase = await runPhase(agent, url, route, round, route === 'signed' ? signedPath : plainPath, route === 'signed' ? { cookie } : {}, probe.bytes);
        phases.push(phase);
        process.stdout.write(`  round ${round} ${route.padEnd(6)} ${round1(phase.rps)} req/s, ${round1(phase.mbPerS)} MB/s, p50 ${round1(phase.p50Ms)} ms, p99 ${round1(phase.p99Ms)} ms${phase.failures ? `, ${phase.failures} FAILED` : ''}\n`);
      }
    }
    const total = (route: RouteName) => {
      const mine = phases.filter((phase) => phase.route === route);
      const requests = mine.reduce((sum, phase) => sum + phase.requests, 0);
      return { requests, rps: round1(requests / ((mine.length * MEASURE_MS) / 1000)), failures: mine.reduce((sum, phase) => sum + phase.failures, 0) };
    };
    const plain = total('plain');
    const signed = total('signed');
    const ratio = round3(signed.rps / plain.rps);
    process.stdout.write(`\nplain ${plain.rps} req/s, signed ${signed.rps} req/s: signed/plain throughput ${ratio}\n`);
    mkdirSync(join(ROOT, '.bench'), { recursive: true });
    writeFileSync(
      OUT_FILE,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          cpus: availableParallelism(),
          segmentBytes: probe.bytes,
          concurrency: CONCURRENCY,
          routes: { plain: { path: '/bench/segment', ...plain }, signed: { path: STREAM_PATH, ...signed } },
          ratio,
          phases: phases.map((phase) => ({ ...phase, rps: round1(phase.rps), mbPerS: round1(phase.mbPerS), p50Ms: round1(phase.p50Ms), p99Ms: round1(phase.p99Ms) })),
        },
        null,
        2,
      ) + '\n',
    );
    process.stdout.write(`written: ${OUT_FILE}\n`);
    return plain.failures + signed.failures > 0 ? 1 : 0;
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
