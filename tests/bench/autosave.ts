/**
 * `npm run bench:autosave`: homework part 2 autosave under load, on SQLite and on PostgreSQL.
 *
 * Per dialect one `npm start` process (temp SQLite file / a fresh PostgreSQL schema) gets
 * BENCH_STUDENTS student accounts with sessions, seeded straight into the database (signing in a
 * thousand times would meet the sign-in limiter; the bench adds no route for it). Then:
 *
 *  - open:  every student opens part 2 of the demo homework with its own tab id (get_ht_p2_camel);
 *  - warmup: one read and one save per student, not timed (failures still count);
 *  - BENCH_SAVES rounds, each of two phases in alternating order (so drift and load from elsewhere
 *    on the machine hit both routes alike):
 *      read: the baseline, a plain signed read (get_user_info.php), once per student;
 *      save: every student saves once (save_ht_p2_new.php, every part 2 answer changed), each
 *            student's save sent only after its previous one was acknowledged, like the client's
 *            autosave.
 *
 * All students run at once; at most BENCH_CONCURRENCY requests are in flight (FIFO), so both
 * routes are measured at the same concurrency and the same count. Signed bodies are precomputed
 * before each phase so client work stays out of the timings.
 *
 * Zero lost saves: afterwards every student's stored answers (read from the database, and read
 * back through get_ht_p2_camel) must equal its last acknowledged save. Exits 1 on any lost save
 * or any reply that was not success '1'.
 *
 * Environment: BENCH_STUDENTS (1000), BENCH_SAVES (5), BENCH_CONCURRENCY (100),
 * BENCH_ANSWER_CHARS (1000, per answer), BENCH_DIALECTS (sqlite,postgres),
 * TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
 * Results: a table on stdout and .bench/autosave.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type OpenedDb } from '../../server/db';
import { account, homeworkP2 } from '../../src/shared/contract';
import { createTimestampSource, signPayload } from '../../src/shared/signing';
import { spawnServer, type ServerProcess } from '../helpers/process';
import { withSearchPath } from '../helpers/server';
import { benchServerEntry, intEnv, nodeHmac, percentile, postJson, round1, round2, round3, succeeded, type PostReply } from './kit';
import { seedBenchAccounts } from './students';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_FILE = join(ROOT, '.bench', 'autosave.json');

const STUDENTS = intEnv('BENCH_STUDENTS', 1000);
const SAVES = intEnv('BENCH_SAVES', 5);
const CONCURRENCY = intEnv('BENCH_CONCURRENCY', 100);
const ANSWER_CHARS = intEnv('BENCH_ANSWER_CHARS', 1000);
const DIALECTS = (process.env.BENCH_DIALECTS || 'sqlite,postgres').split(',').map((item) => item.trim());
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** Lesson 3's homework: open to students, two part 2 questions, untouched by the demo seed for new accounts. */
const HT_NUM = 3;

type Dialect = 'sqlite' | 'postgres';

interface Student {
  id: number;
  session: { token: string; device: string };
  tab: string;
  nextTs: () => number;
  /** q_number → answer of the last acknowledged save. */
  acked: Map<number, string>;
}


/** At most `max` holders at once; a released slot goes straight to the longest waiter (FIFO). */
function slots(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    acquire: () => (active < max ? (active++, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve))),
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else active--;
    },
  };
}

interface PhaseStats {
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  firstFailure?: string;
}

/**
 * Every student sends its bodies one after another (each after the previous reply); all students
 * at once, at most CONCURRENCY in flight. `onReply` sees each reply in order per student.
 */
async function runPhase(
  agent: Agent,
  url: URL,
  path: string,
  students: readonly Student[],
  bodiesOf: (student: Student, index: number) => Buffer[],
  onReply: (student: Student, step: number, ok: boolean, reply: PostReply) => void = () => {},
): Promise<{ stats: PhaseStats; latencies: number[] }> {
  const prepared = students.map((student, index) => bodiesOf(student, index));
  const gate = slots(CONCURRENCY);
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  await Promise.all(
    students.map(async (student, index) => {
      for (const [step, body] of prepared[index]!.entries()) {
        await gate.acquire();
        let reply: PostReply;
        try {
          reply = await postJson(agent, url, path, body);
        } finally {
          gate.release();
        }
        latencies.push(reply.doneAt - reply.sentAt);
        const ok = succeeded(reply);
        if (!ok) {
          failures += 1;
          firstFailure ??= `${reply.status} ${reply.text.slice(0, 200)}`;
        }
        onReply(student, step, ok, reply);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latencies, stats: statsOf(latencies, seconds, failures, firstFailure) };
}

function statsOf(latencies: readonly number[], seconds: number, failures: number, firstFailure?: string): PhaseStats {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    seconds: round2(seconds),
    rps: round1(latencies.length / seconds),
    p50Ms: round2(percentile(sorted, 50)),
    p99Ms: round2(percentile(sorted, 99)),
    failures,
    ...(firstFailure ? { firstFailure } : {}),
  };
}

const sign = (path: string, input: Record<string, unknown>, student: Student) =>
  signPayload(path, input, student.session, student.nextTs(), nodeHmac).then((payload) => Buffer.from(JSON.stringify(payload)));

/** A draft of `chars` characters, unique per student, save and question. */
function answerText(studentIndex: number, save: number, qNumber: number): string {
  const head = `Ученик ${studentIndex}, сохранение ${save}, задание ${qNumber}. `;
  const filler = 'Государство осуществляет социальную политику через систему пенсий, пособий и льгот. ';
  return (head + filler.repeat(Math.ceil(ANSWER_CHARS / filler.length) + 1)).slice(0, Math.max(head.length, ANSWER_CHARS));
}

/** BENCH_STUDENTS copies of the demo student with a session each, and their autosave state. */
async function seedStudents(opened: OpenedDb, now: number): Promise<Student[]> {
  const accounts = await seedBenchAccounts(opened, STUDENTS, now);
  return accounts.map((account) => ({
    id: account.id,
    session: account.session,
    tab: randomBytes(6).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 6),
    nextTs: createTimestampSource(),
    acked: new Map(),
  }));
}

async function pgAdmin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

interface DialectResult {
  dialect: Dialect;
  students: number;
  savesPerStudent: number;
  questionsPerSave: number;
  answerChars: number;
  open: PhaseStats;
  save: PhaseStats;
  read: PhaseStats;
  ratios: { p50: number; p99: number };
  lostSaves: { database: number; readBack: number; firstLost?: string };
  readBackFailures: number;
  warmupFailures: number;
  rounds: Array<{ read: PhaseStats; save: PhaseStats }>;
}

async function benchDialect(dialect: Dialect): Promise<DialectResult> {
  const cleanups: Array<() => Promise<void> | void> = [];
  let server: ServerProcess | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY, maxFreeSockets: CONCURRENCY });
  try {
    let serverUrl: string;
    let openDb: () => OpenedDb;
    if (dialect === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'enot-bench-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      serverUrl = `sqlite:${join(dir, 'enot.db')}`;
      openDb = () => openDatabase(serverUrl);
    } else {
      const schema = `bench_${process.pid}_${randomBytes(4).toString('hex')}`;
      await pgAdmin(`CREATE SCHEMA ${schema}`);
      cleanups.push(() => pgAdmin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
      serverUrl = withSearchPath(PG_URL, schema);
      openDb = () => openDatabase(PG_URL, { searchPath: schema, poolSize: 2 });
    }
    // The in-memory replay cache on both dialects, so only the database differs.
    server = await spawnServer({ DATABASE_URL: serverUrl, LOG_LEVEL: 'warn', REDIS_URL: '', DEMO_MEDIA: '0' }, { entry: benchServerEntry() });
    const url = new URL(server.url);

    const seeding = performance.now();
    const seedDb = openDb();
    const students = await seedStudents(seedDb, Date.now()).finally(() => seedDb.close());
    const log = (line: string) => process.stdout.write(`  [${dialect}] ${line}\n`);
    log(`${students.length} students with sessions seeded in ${Math.round(performance.now() - seeding)} ms`);

    // Open: each student's tab becomes the one that may save; the questions come with the reply.
    let qNumbers: number[] = [];
    const opened = await Promise.all(students.map(async (student) => [await sign(homeworkP2.getHtP2Camel.path, { htNum: HT_NUM, markSave: student.tab }, student)]));
    const openPhase = await runPhase(agent, url, homeworkP2.getHtP2Camel.path, students, (_, index) => opened[index]!, (_student, _step, ok, reply) => {
      if (ok && qNumbers.length === 0) qNumbers = homeworkP2.getHtP2Camel.output.parse(JSON.parse(reply.text)).questions.map((question) => question.qNumber);
    });
    log(`open  ${describe(openPhase.stats)}`);
    if (openPhase.stats.failures > 0) throw new Error(`opening part 2 failed: ${openPhase.stats.firstFailure}`);
    if (qNumbers.length === 0) throw new Error(`homework ${HT_NUM} has no part 2 questions`);

    const readBodies = async (count: number) =>
      Promise.all(students.map(async (student) => Promise.all(Array.from({ length: count }, () => sign(account.getUserInfo.path, {}, student)))));
    const studentIndex = new Map(students.map((student, index) => [student, index]));
    /** Saves `from`..`from + count - 1` of every student: every part 2 answer changed each time; acknowledged ones are remembered. */
    const runSaves = async (from: number, count: number) => {
      const inputs = students.map((_, index) =>
        Array.from({ length: count }, (_, offset) => qNumbers.map((qNumber) => ({ q_number: qNumber, user_answer: answerText(index + 1, from + offset, qNumber) }))),
      );
      const bodies = await Promise.all(
        students.map(async (student, index) =>
          Promise.all(inputs[index]!.map((questions) => sign(homeworkP2.saveHtP2New.path, { htNum: HT_NUM, questions, markSave: student.tab }, student))),
        ),
      );
      return runPhase(agent, url, homeworkP2.saveHtP2New.path, students, (_, index) => bodies[index]!, (student, step, ok) => {
        if (!ok) return;
        for (const item of inputs[studentIndex.get(student)!]![step]!) student.acked.set(item.q_number, item.user_answer);
      });
    };

    // Warmup (not measured, failures still count): one read and one save per student, so neither
    // route is timed while the JIT and the database caches are still cold.
    const warmBodies = await readBodies(1);
    const warmRead = await runPhase(agent, url, account.getUserInfo.path, students, (_, index) => warmBodies[index]!);
    const warmSave = await runSaves(0, 1);
    log(`warmup: read ${describe(warmRead.stats)}; save ${describe(warmSave.stats)}`);

    // Rounds: in each, every student reads once and saves once (its next save), the order of the two
    // phases alternating, so load from elsewhere on the machine and drift hit both routes alike.
    type Measured = Awaited<ReturnType<typeof runPhase>>;
    const rounds: Array<{ read: Measured; save: Measured }> = [];
    for (let round = 1; round <= SAVES; round++) {
      const runRead = async () => {
        const bodies = await readBodies(1);
        return runPhase(agent, url, account.getUserInfo.path, students, (_, index) => bodies[index]!);
      };
      let read: Measured;
      let save: Measured;
      if (round % 2 === 1) {
        read = await runRead();
        save = await runSaves(round, 1);
      } else {
        save = await runSaves(round, 1);
        read = await runRead();
      }
      rounds.push({ read, save });
      log(`round ${round}: read ${describe(read.stats)}; save ${describe(save.stats)}`);
    }
    const merge = (pick: (round: { read: Measured; save: Measured }) => Measured) =>
      statsOf(
        rounds.flatMap((round) => pick(round).latencies),
        rounds.reduce((sum, round) => sum + pick(round).stats.seconds, 0),
        rounds.reduce((sum, round) => sum + pick(round).stats.failures, 0),
        rounds.map((round) => pick(round).stats.firstFailure).find((failure) => failure !== undefined),
      );
    const read = merge((round) => round.read);
    const save = { stats: merge((round) => round.save) };

    // Lost saves, in the database itself …
    let lostDb = 0;
    let firstLost: string | undefined;
    const checkDb = openDb();
    try {
      const rows = await checkDb.db
        .selectFrom('homework_answers_p2')
        .select(['user_id', 'q_number', 'user_answer'])
        .where('ht_num', '=', HT_NUM)
        .where('is_dop', '=', 0)
        .execute();
      const stored = new Map(rows.map((row) => [`${row.user_id}:${row.q_number}`, row.user_answer]));
      for (const student of students) {
        for (const qNumber of qNumbers) {
          const expected = student.acked.get(qNumber);
          if (expected === undefined) continue; // never acknowledged: counted as a failed reply
          if (stored.get(`${student.id}:${qNumber}`) !== expected) {
            lostDb += 1;
            firstLost ??= `user ${student.id} q${qNumber}: stored ${JSON.stringify((stored.get(`${student.id}:${qNumber}`) ?? '(none)').slice(0, 60))}`;
          }
        }
      }
    } finally {
      await checkDb.close();
    }
    // … and as each student sees it when reopening the work.
    let lostReadBack = 0;
    const reopen = await Promise.all(students.map(async (student) => [await sign(homeworkP2.getHtP2Camel.path, { htNum: HT_NUM, markSave: student.tab }, student)]));
    const readBack = await runPhase(agent, url, homeworkP2.getHtP2Camel.path, students, (_, index) => reopen[index]!, (student, _step, ok, reply) => {
      if (!ok) return;
      const seen = homeworkP2.getHtP2Camel.output.parse(JSON.parse(reply.text));
      for (const qNumber of qNumbers) {
        const expected = student.acked.get(qNumber);
        if (expected !== undefined && seen.questions.find((question) => question.qNumber === qNumber)?.userAnswer !== expected) {
          lostReadBack += 1;
          firstLost ??= `user ${student.id} q${qNumber} read back differs`;
        }
      }
    });

    const expectedSaves = students.length * SAVES;
    if (save.stats.requests !== expectedSaves) throw new Error(`expected ${expectedSaves} saves, sent ${save.stats.requests}`);
    return {
      dialect,
      students: students.length,
      savesPerStudent: SAVES,
      questionsPerSave: qNumbers.length,
      answerChars: ANSWER_CHARS,
      open: openPhase.stats,
      save: save.stats,
      read,
      ratios: { p50: round3(save.stats.p50Ms / read.p50Ms), p99: round3(save.stats.p99Ms / read.p99Ms) },
      lostSaves: { database: lostDb, readBack: lostReadBack, ...(firstLost ? { firstLost } : {}) },
      readBackFailures: readBack.stats.failures,
      warmupFailures: warmRead.stats.failures + warmSave.stats.failures,
      rounds: rounds.map((round) => ({ read: round.read.stats, save: round.save.stats })),
    };
  } catch (error) {
    if (server) process.stderr.write(`server output (${dialect}):\n${server.output().slice(-2000)}\n`);
    throw error;
  } finally {
    agent.destroy();
    await server?.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

function describe(stats: PhaseStats): string {
  return (
    `${stats.requests} requests in ${stats.seconds} s (${stats.rps} req/s), p50 ${stats.p50Ms} ms, p99 ${stats.p99Ms} ms` +
    (stats.failures ? `, ${stats.failures} FAILED (${stats.firstFailure})` : '')
  );
}

async function main(): Promise<number> {
  for (const dialect of DIALECTS) if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`BENCH_DIALECTS: unknown dialect ${dialect}`);
  process.stdout.write(
    `bench:autosave: ${STUDENTS} students × ${SAVES} saves (answers of ${ANSWER_CHARS} chars), concurrency ${CONCURRENCY}, ` +
      `${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? '?'}), node ${process.version}\n`,
  );
  const results: DialectResult[] = [];
  for (const dialect of DIALECTS as Dialect[]) results.push(await benchDialect(dialect));

  const rows = [
    ['dialect', 'saves', 'save p50', 'save p99', 'read p50', 'read p99', 'p50 ratio', 'p99 ratio', 'saves/s', 'lost db/api', 'failed'],
    ...results.map((result) => [
      result.dialect,
      result.save.requests,
      result.save.p50Ms,
      result.save.p99Ms,
      result.read.p50Ms,
      result.read.p99Ms,
      result.ratios.p50,
      result.ratios.p99,
      result.save.rps,
      `${result.lostSaves.database}/${result.lostSaves.readBack}`,
      result.save.failures + result.read.failures + result.open.failures + result.readBackFailures + result.warmupFailures,
    ]),
  ].map((row) => row.map(String));
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const table = rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  process.stdout.write(['', ...table, '', 'latencies in ms; ratio = autosave / signed read (get_user_info.php) at the same concurrency and count;',
      'lost = answers differing from the last acknowledged save, in the database / as read back through get_ht_p2_camel', ''].join('\n'));

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? null,
    concurrency: CONCURRENCY,
    htNum: HT_NUM,
    routes: { save: homeworkP2.saveHtP2New.path, open: homeworkP2.getHtP2Camel.path, read: account.getUserInfo.path },
    results,
  };
  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  writeFileSync(OUT_FILE, JSON.stringify(report, null, 2) + '\n');
  process.stdout.write(`written: ${OUT_FILE}\n`);

  let bad = false;
  for (const result of results) {
    const lost = result.lostSaves.database + result.lostSaves.readBack;
    const failed = result.save.failures + result.read.failures + result.open.failures + result.readBackFailures + result.warmupFailures;
    if (lost > 0) process.stderr.write(`bench:autosave [${result.dialect}]: ${lost} LOST saves (${result.lostSaves.firstLost ?? 'seen on read back'})\n`);
    if (failed > 0) process.stderr.write(`bench:autosave [${result.dialect}]: ${failed} replies were not success '1' (${result.save.firstFailure ?? result.read.firstFailure ?? result.open.firstFailure ?? 'read back'})\n`);
    bad ||= lost > 0 || failed > 0;
  }
  return bad ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
