/**
 * `npm run bench:game`: the Decide First game under load, on SQLite and on PostgreSQL.
 *
 * Per dialect one `npm start` process gets 3 × BENCH_GAMES student accounts with sessions, seeded
 * straight into the database (signing in hundreds of times would meet the sign-in limiter). Over
 * HTTP, every trio opens a private game (create, two joins by id, start) — all games at once.
 * Then each of the game's rounds has three measured phases, their order rotating from round to round
 * so drift and load from elsewhere on the machine hit every route alike:
 *
 *   sync:   every player calls timer_sync.php once (the first sync after a deadline also applies it);
 *   answer: the three players of every game send the right answer at the same moment
 *           (send_game_answer.php): exactly one of them must take the round, checked per game;
 *   read:   the baseline, a plain signed read (get_user_info.php) once per player.
 *
 * One unmeasured sync and read per player warm up first.
 * Between rounds the result pause is skipped by moving every game's deadline into the past in the
 * database, so the next timer_sync opens the next round (the lazy deadline path is timed with it).
 * At most BENCH_CONCURRENCY requests are in flight (FIFO); signed bodies are made before each phase.
 * Afterwards every game must be over with five winners and the scores must add up. Exits 1 on any
 * reply that was not expected, a round with other than one winner, or a score that does not add up.
 *
 * Environment: BENCH_GAMES (200), BENCH_CONCURRENCY (100), BENCH_DIALECTS (sqlite,postgres),
 * TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test). Results: stdout and .bench/game.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type OpenedDb } from '../../server/db';
import { questionJsonOf } from '../../server/questions/question-bank';
import { account, decideFirst } from '../../src/shared/contract';
import { DECIDE_FIRST_TEXTS } from '../../src/shared/contract/decide-first';
import { answerToDisplayed } from '../../src/shared/domain/questions';
import { createTimestampSource, signPayload } from '../../src/shared/signing';
import { spawnServer, type ServerProcess } from '../helpers/process';
import { withSearchPath } from '../helpers/server';
import { benchServerEntry, intEnv, nodeHmac, percentile, postJson, round1, round2, round3, succeeded, type PostReply } from './kit';
import { seedBenchAccounts } from './students';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_FILE = join(ROOT, '.bench', 'game.json');
const GAMES = intEnv('BENCH_GAMES', 200);
const CONCURRENCY = intEnv('BENCH_CONCURRENCY', 100);
const DIALECTS = (process.env.BENCH_DIALECTS || 'sqlite,postgres').split(',').map((item) => item.trim());
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

type Dialect = 'sqlite' | 'postgres';

interface Player {
  id: number;
  session: { token: string; device: string };
  nextTs: () => number;
}

interface Game {
  id: number;
  players: [Player, Player, Player];
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

const sign = (path: string, input: Record<string, unknown>, player: Player) =>
  signPayload(path, input, player.session, player.nextTs(), nodeHmac).then((payload) => Buffer.from(JSON.stringify(payload)));

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

/**
 * Sends one prepared body per item, all items at once (at most CONCURRENCY in flight).
 * `accept` says whether a reply is as expected (default: success '1').
 */
async function runPhase<T>(agent: Agent, url: URL, path: string, items: readonly T[], bodies: readonly Buffer[], accept: (reply: PostReply, item: T) => boolean = (reply) => succeeded(reply)) {
  const gate = slots(CONCURRENCY);
  const latencies: number[] = [];
  const replies: PostReply[] = new Array(items.length);
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  await Promise.all(
    items.map(async (item, index) => {
      await gate.acquire();
      let reply: PostReply;
      try {
        reply = await postJson(agent, url, path, bodies[index]!);
      } finally {
        gate.release();
      }
      replies[index] = reply;
      latencies.push(reply.doneAt - reply.sentAt);
      if (!accept(reply, item)) {
        failures += 1;
        firstFailure ??= `${reply.status} ${reply.text.slice(0, 200)}`;
      }
    }),
  );
  return { latencies, replies, stats: statsOf(latencies, (performance.now() - started) / 1000, failures, firstFailure) };
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

const bodyOf = (reply: PostReply) => JSON.parse(reply.text) as Record<string, unknown>;

interface DialectResult {
  dialect: Dialect;
  games: number;
  players: number;
  rounds: number;
  setup: { seconds: number; failures: number };
  answer: PhaseStats;
  sync: PhaseStats;
  read: PhaseStats;
  ratios: { answerP50: number; answerP99: number; syncP50: number; syncP99: number };
  roundsWithOneWinner: number;
  roundsChecked: number;
  scoreMismatches: number;
  gamesEnded: number;
}

async function benchDialect(dialect: Dialect): Promise<DialectResult> {
  const cleanups: Array<() => Promise<void> | void> = [];
  let server: ServerProcess | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY, maxFreeSockets: CONCURRENCY });
  let store: OpenedDb | undefined;
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
    server = await spawnServer({ DATABASE_URL: serverUrl, LOG_LEVEL: 'warn', REDIS_URL: '', DEMO_MEDIA: '0' }, { entry: benchServerEntry() });
    const url = new URL(server.url);
    const log = (line: string) => process.stdout.write(`  [${dialect}] ${line}\n`);

    store = openDb();
    const db = store.db;
    const accounts = await seedBenchAccounts(store, GAMES * 3, Date.now());
    const everyone: Player[] = accounts.map((row) => ({ id: row.id, session: row.session, nextTs: createTimestampSource() }));
    log(`${everyone.length} players seeded`);

    // Setup (not timed into the phases): owners create, the others join by id, owners start.
    const setupStarted = performance.now();
    let setupFailures = 0;
    const owners = everyone.filter((_, index) => index % 3 === 0);
    const created = await runPhase(agent, url, decideFirst.createOrJoinGame.path, owners, await Promise.all(owners.map((owner) => sign(decideFirst.createOrJoinGame.path, { gameType: 'private', gameId: '' }, owner))));
    setupFailures += created.stats.failures;
    const games: Game[] = owners.map((owner, index) => ({ id: Number(bodyOf(created.replies[index]!).gameId), players: [owner, everyone[index * 3 + 1]!, everyone[index * 3 + 2]!] }));
    const joiners = games.flatMap((game) => [game.players[1], game.players[2]].map((player) => ({ game, player })));
    const joined = await runPhase(agent, url, decideFirst.createOrJoinGame.path, joiners, await Promise.all(joiners.map(({ game, player }) => sign(decideFirst.createOrJoinGame.path, { gameType: 'private', gameId: game.id }, player))));
    setupFailures += joined.stats.failures;
    const started = await runPhase(agent, url, decideFirst.startPrivateGame.path, games, await Promise.all(games.map((game) => sign(decideFirst.startPrivateGame.path, { gameId: game.id }, game.players[0]))));
    setupFailures += started.stats.failures;
    const setupSeconds = round2((performance.now() - setupStarted) / 1000);
    log(`setup: ${games.length} games created, joined and started in ${setupSeconds} s (${setupFailures} failures${created.stats.firstFailure ?? joined.stats.firstFailure ?? started.stats.firstFailure ? `: ${created.stats.firstFailure ?? joined.stats.firstFailure ?? started.stats.firstFailure}` : ''})`);
    if (setupFailures > 0) throw new Error('setup failed');

    const gameIds = games.map((game) => game.id);
    const totals = await db.selectFrom('decide_first_games').select(['id', 'total_questions']).where('id', 'in', gameIds).execute();
    const rounds = Math.min(...totals.map((row) => row.total_questions));
    const players = games.flatMap((game) => game.players.map((player) => ({ game, player })));

    const measured: Record<'answer' | 'sync' | 'read', { latencies: number[]; seconds: number; failures: number; firstFailure?: string }> = {
      answer: { latencies: [], seconds: 0, failures: 0 },
      sync: { latencies: [], seconds: 0, failures: 0 },
      read: { latencies: [], seconds: 0, failures: 0 },
    };
    const add = (kind: keyof typeof measured, phase: Awaited<ReturnType<typeof runPhase>>) => {
      measured[kind].latencies.push(...phase.latencies);
      measured[kind].seconds += phase.stats.seconds;
      measured[kind].failures += phase.stats.failures;
      measured[kind].firstFailure ??= phase.stats.firstFailure;
    };
    let roundsWithOneWinner = 0;

    // Warmup (not measured, failures still count): one sync and one read per player, so no route is
    // timed while the JIT and the database caches are still cold.
    const warmSync = await runPhase(agent, url, decideFirst.timerSync.path, players, await Promise.all(players.map(({ game, player }) => sign(decideFirst.timerSync.path, { gameId: game.id }, player))));
    const warmRead = await runPhase(agent, url, account.getUserInfo.path, players, await Promise.all(players.map(({ player }) => sign(account.getUserInfo.path, {}, player))));
    if (warmSync.stats.failures + warmRead.stats.failures > 0) throw new Error(`warmup failed: ${warmSync.stats.firstFailure ?? warmRead.stats.firstFailure}`);

    for (let qNum = 1; qNum <= rounds; qNum += 1) {
      // The right answers of this round, as a player types them.
      const rows = await db
        .selectFrom('decide_first_rounds')
        .innerJoin('questions_p1', 'questions_p1.id', 'decide_first_rounds.question_id')
        .selectAll('questions_p1')
        .select('decide_first_rounds.game_id')
        .where('decide_first_rounds.game_id', 'in', gameIds)
        .where('decide_first_rounds.q_num', '=', qNum)
        .execute();
      const rightOf = new Map(rows.map((row) => { const question = questionJsonOf(row); return [row.game_id, answerToDisplayed(question, question.rightAnswers[0]!)]; }));

      const syncPhase = async () => {
        const bodies = await Promise.all(players.map(({ game, player }) => sign(decideFirst.timerSync.path, { gameId: game.id }, player)));
        add('sync', await runPhase(agent, url, decideFirst.timerSync.path, players, bodies));
      };
      const readPhase = async () => {
        const bodies = await Promise.all(players.map(({ player }) => sign(account.getUserInfo.path, {}, player)));
        add('read', await runPhase(agent, url, account.getUserInfo.path, players, bodies));
      };
      const answerPhase = async () => {
        const bodies = await Promise.all(players.map(({ game, player }) => sign(decideFirst.sendGameAnswer.path, { gameId: game.id, qNum, answer: rightOf.get(game.id)! }, player)));
        // A right answer that comes second finds the round taken: that reply is expected too.
        const phase = await runPhase(agent, url, decideFirst.sendGameAnswer.path, players, bodies, (reply) => {
          if (reply.status !== 200) return false;
          const body = bodyOf(reply);
          return body.success === '1' ? body.isRight === true : body.message === DECIDE_FIRST_TEXTS.roundClosed;
        });
        add('answer', phase);
        const winners = new Map<number, number>();
        phase.replies.forEach((reply, index) => {
          const body = bodyOf(reply);
          if (body.success === '1' && body.wonRound === true) winners.set(players[index]!.game.id, (winners.get(players[index]!.game.id) ?? 0) + 1);
        });
        roundsWithOneWinner += games.filter((game) => winners.get(game.id) === 1).length;
      };
      // The order of the three phases rotates; the answer phase must follow a sync (which opens the round).
      const order = [[syncPhase, answerPhase, readPhase], [readPhase, syncPhase, answerPhase], [syncPhase, readPhase, answerPhase]][(qNum - 1) % 3]!;
      for (const phase of order) await phase();
      log(`round ${qNum}: answer p50 ${round2(percentile(Float64Array.from(measured.answer.latencies).sort(), 50))} ms so far, one winner in ${roundsWithOneWinner}/${qNum * games.length} rounds`);
      // Skip the result pause: the next sync opens the next round (or ends the game).
      await db.updateTable('decide_first_games').set({ phase_deadline: Date.now() - 1 }).where('id', 'in', gameIds).where('status', '=', 'MID_RESULT').execute();
    }
    // One more sync ends every game; then check the database.
    const finalSync = await runPhase(agent, url, decideFirst.timerSync.path, players, await Promise.all(players.map(({ game, player }) => sign(decideFirst.timerSync.path, { gameId: game.id }, player))));
    const ended = await db.selectFrom('decide_first_games').select((eb) => eb.fn.countAll<number>().as('count')).where('id', 'in', gameIds).where('status', '=', 'GAME_END').executeTakeFirstOrThrow();
    const roundRows = await db.selectFrom('decide_first_rounds').select(['game_id', 'winner_id', 'winner_tenths']).where('game_id', 'in', gameIds).execute();
    const playerRows = await db.selectFrom('decide_first_players').select(['game_id', 'user_id', 'score_tenths']).where('game_id', 'in', gameIds).execute();
    const earned = new Map<string, number>();
    for (const row of roundRows) if (row.winner_id !== null) earned.set(`${row.game_id}:${row.winner_id}`, (earned.get(`${row.game_id}:${row.winner_id}`) ?? 0) + (row.winner_tenths ?? 0));
    const scoreMismatches = playerRows.filter((row) => (earned.get(`${row.game_id}:${row.user_id}`) ?? 0) !== row.score_tenths).length + roundRows.filter((row) => row.winner_id === null).length;

    const answer = statsOf(measured.answer.latencies, measured.answer.seconds, measured.answer.failures, measured.answer.firstFailure);
    const sync = statsOf(measured.sync.latencies, measured.sync.seconds, measured.sync.failures + finalSync.stats.failures, measured.sync.firstFailure ?? finalSync.stats.firstFailure);
    const read = statsOf(measured.read.latencies, measured.read.seconds, measured.read.failures, measured.read.firstFailure);
    return {
      dialect,
      games: games.length,
      players: players.length,
      rounds,
      setup: { seconds: setupSeconds, failures: setupFailures },
      answer,
      sync,
      read,
      ratios: { answerP50: round3(answer.p50Ms / read.p50Ms), answerP99: round3(answer.p99Ms / read.p99Ms), syncP50: round3(sync.p50Ms / read.p50Ms), syncP99: round3(sync.p99Ms / read.p99Ms) },
      roundsWithOneWinner,
      roundsChecked: rounds * games.length,
      scoreMismatches,
      gamesEnded: Number(ended.count),
    };
  } catch (error) {
    if (server) process.stderr.write(`server output (${dialect}):\n${server.output().slice(-2000)}\n`);
    throw error;
  } finally {
    agent.destroy();
    await store?.close();
    await server?.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

async function main(): Promise<number> {
  for (const dialect of DIALECTS) if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`BENCH_DIALECTS: unknown dialect ${dialect}`);
  process.stdout.write(`bench:game: ${GAMES} simultaneous 3-player games, concurrency ${CONCURRENCY}, ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? '?'}), node ${process.version}\n`);
  const results: DialectResult[] = [];
  for (const dialect of DIALECTS as Dialect[]) results.push(await benchDialect(dialect));
  const rows = [
    ['dialect', 'games', 'answer p50', 'answer p99', 'sync p50', 'sync p99', 'read p50', 'read p99', 'answer/read p50', 'answer/read p99', 'sync/read p50', 'sync/read p99', 'one winner', 'failed'],
    ...results.map((r) => [
      r.dialect,
      r.games,
      r.answer.p50Ms,
      r.answer.p99Ms,
      r.sync.p50Ms,
      r.sync.p99Ms,
      r.read.p50Ms,
      r.read.p99Ms,
      r.ratios.answerP50,
      r.ratios.answerP99,
      r.ratios.syncP50,
      r.ratios.syncP99,
      `${r.roundsWithOneWinner}/${r.roundsChecked}`,
      r.answer.failures + r.sync.failures + r.read.failures + r.setup.failures,
    ]),
  ].map((row) => row.map(String));
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const table = rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  process.stdout.write(['', ...table, '', 'latencies in ms; ratio = game call / signed read (get_user_info.php) at the same concurrency in the same run', ''].join('\n'));
  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  writeFileSync(OUT_FILE, JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: availableParallelism(), cpuModel: cpus()[0]?.model.trim() ?? null, concurrency: CONCURRENCY, results }, null, 2) + '\n');
  process.stdout.write(`written: ${OUT_FILE}\n`);
  let bad = false;
  for (const r of results) {
    const failed = r.answer.failures + r.sync.failures + r.read.failures + r.setup.failures;
    if (failed > 0) process.stderr.write(`bench:game [${r.dialect}]: ${failed} unexpected replies (${r.answer.firstFailure ?? r.sync.firstFailure ?? r.read.firstFailure ?? 'setup'})\n`);
    if (r.roundsWithOneWinner !== r.roundsChecked) process.stderr.write(`bench:game [${r.dialect}]: ${r.roundsChecked - r.roundsWithOneWinner} rounds without exactly one winner\n`);
    if (r.scoreMismatches > 0) process.stderr.write(`bench:game [${r.dialect}]: ${r.scoreMismatches} scores that do not add up\n`);
    if (r.gamesEnded !== r.games) process.stderr.write(`bench:game [${r.dialect}]: ${r.games - r.gamesEnded} games did not end\n`);
    bad ||= failed > 0 || r.roundsWithOneWinner !== r.roundsChecked || r.scoreMismatches > 0 || r.gamesEnded !== r.games;
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
