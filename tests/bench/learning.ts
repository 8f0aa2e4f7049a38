/**
 * `npx tsx tests/bench/learning.ts`: the cost of the learning model, in process, on
 * SQLite. A fresh demo database; one demo student.
 *
 *  - update: BENCH_ANSWERS scored answers, each in its own transaction, timed with and without
 *    recordScoredAnswer (the same training-answer update both times), in alternating order so
 *    machine load hits both alike; the report is the p50/p99 the mastery update adds.
 *  - forecast: examForecast for that student after the answers (2,000 by default), BENCH_FORECASTS times.
 *  - plan: «Сегодня» (todayOf — what get_today.php answers) for that student, the day's
 *    first read (choosing the items) and then BENCH_FORECASTS reads of the kept day (goal ≤ 30 ms p99),
 *    with BENCH_CARDS (300) review cards, half of them due.
 *
 * Results on stdout (milliseconds).
 */
import { examForecast } from '../../server/domains/learning/forecast';
import { todayOf } from '../../server/domains/plan/today';
import { recordScoredAnswer } from '../../server/learning/mastery';
import { recordMiss } from '../../server/learning/review-cards';
import { withDemoDatabase } from './demo-database';
import { intEnv, round3 } from './kit';

const ANSWERS = intEnv('BENCH_ANSWERS', 2000);
const FORECASTS = intEnv('BENCH_FORECASTS', 200);

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main(): Promise<void> {
  await withDemoDatabase('learning', async (db, now) => {
    const user = await db.selectFrom('users').select(['id', 'goal_ball']).where('login', '=', 'package').executeTakeFirstOrThrow();
    await db.deleteFrom('learning_mastery').where('user_id', '=', user.id).execute();
    const questions = (await db.selectFrom('question_p1_elements').select('question_id').distinct().execute()).map((row) => row.question_id);
    const plain: number[] = [];
    const withMastery: number[] = [];
    for (let index = 0; index < ANSWERS; index += 1) {
      const questionId = questions[index % questions.length]!;
      const points = (index * 7919) % 3 === 0 ? 0 : 2;
      const at = now + index * 60_000;
      const run = async (record: boolean) => {
        const started = performance.now();
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set({ updated_at: at }).where('id', '=', user.id).execute();
          if (record) await recordScoredAnswer(trx, { userId: user.id, source: 'train-p1', part: 1, questionId, points, maxPoints: 2, at });
        });
        return performance.now() - started;
      };
      if (index % 2 === 0) {
        plain.push(await run(false));
        withMastery.push(await run(true));
      } else {
        withMastery.push(await run(true));
        plain.push(await run(false));
      }
    }
    plain.sort((a, b) => a - b);
    withMastery.sort((a, b) => a - b);
    const forecasts: number[] = [];
    let last: Awaited<ReturnType<typeof examForecast>> | undefined;
    for (let index = 0; index < FORECASTS; index += 1) {
      const started = performance.now();
      last = await examForecast(db, user.id, user.goal_ball, now + ANSWERS * 60_000);
      forecasts.push(performance.now() - started);
    }
    forecasts.sort((a, b) => a - b);
    console.log(`answers ${ANSWERS}: transaction p50 ${round3(p(plain, 0.5))} ms → ${round3(p(withMastery, 0.5))} ms with mastery; p99 ${round3(p(plain, 0.99))} → ${round3(p(withMastery, 0.99))} ms`);
    console.log(`mastery update adds p50 ${round3(p(withMastery, 0.5) - p(plain, 0.5))} ms, p99 ${round3(p(withMastery, 0.99) - p(plain, 0.99))} ms`);
    console.log(`forecast (${last?.answers} answers): p50 ${round3(p(forecasts, 0.5))} ms, p99 ${round3(p(forecasts, 0.99))} ms; test ${last?.testLow}–${last?.testHigh}`);

    const later = now + ANSWERS * 60_000;
    // The student has 300 review cards: her misses above made some; more from other bank
    // questions and signs-trainer terms, half of them due when the plan is read.
    const CARDS = intEnv('BENCH_CARDS', 300);
    const cardCount = async () => Number((await db.selectFrom('review_cards').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow()).n);
    const moreQuestions = (await db.selectFrom('questions_p1').select('id').execute()).map((row) => row.id);
    const terms = (await db.selectFrom('sign_terms').select('id').execute()).map((row) => row.id);
    const subjects = [...moreQuestions.map((questionId) => ({ questionId })), ...terms.map((signTermId) => ({ signTermId }))];
    for (const subject of subjects) {
      if ((await cardCount()) >= CARDS) break;
      await recordMiss(db, user.id, subject, later);
    }
    const cards = await cardCount();
    const cardIds = (await db.selectFrom('review_cards').select('id').where('user_id', '=', user.id).orderBy('id').execute()).map((row) => row.id);
    await db.updateTable('review_cards').set({ due_at: later - 60_000 }).where('id', 'in', cardIds.filter((_, index) => index % 2 === 0)).execute();
    await db.insertInto('plan_profiles').values({ user_id: user.id, daily_minutes: 60, exam_date: '2099-06-01', created_at: later, updated_at: later }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    const student = { id: user.id, type: 'Пакетник' as const, createdAt: now - 86_400_000, goalBall: user.goal_ball };
    const firstStarted = performance.now();
    const first = await todayOf(db, student, later);
    const firstRead = performance.now() - firstStarted;
    const plans: number[] = [];
    for (let index = 0; index < FORECASTS; index += 1) {
      const started = performance.now();
      await todayOf(db, student, later + index);
      plans.push(performance.now() - started);
    }
    plans.sort((a, b) => a - b);
    console.log(`plan of the day (${first.items.length} items, ${cards} review cards): first read ${round3(firstRead)} ms; kept day p50 ${round3(p(plans, 0.5))} ms, p99 ${round3(p(plans, 0.99))} ms`);
  });
}

await main();
