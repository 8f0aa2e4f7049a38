/**
 * `npm run bench:forecast`: does the exam forecast say what will happen?
 *
 * Simulated students with a known ability per codifier element answer the demo course's questions;
 * after 20, 50, 100, 200 and 400 answers the product's own forecast (forecast-model.ts, fed through
 * the product's own mastery update) is compared with one exam each student then sits:
 *  - calibration: the share of true test scores inside the 80 % interval (goal 0.80 ± 0.05);
 *  - MAE: the mean absolute error of the point forecast in test points (goal ≤ 6 after 200 answers).
 *
 * The world it simulates, stated so the figures can be read for what they are:
 *  - an element's ability is logistic(level + own offset): level ~ N(0.3, 1.2²) per student,
 *    offset ~ N(0, 0.8²) per element, so students differ a lot and each has weak and strong topics;
 *  - a question's chance is the mean ability of its elements; part 1 is right or wrong, part 2 wins
 *    each point with that chance (the same rule the exam below follows);
 *  - the questions come at random from the whole demo course, one part 2 task in ten (the product
 *    draws lesson by lesson, so real early evidence is narrower than this);
 *  - all answers are given on one day (no forgetting), the exam sampled right after.
 * Same tasks, elements, conversion table and answer→element links as the demo database.
 *
 * BENCH_STUDENTS (default 300). Results on stdout.
 */
import { examTasks, scaleFor } from '../../server/domains/learning/forecast';
import { forecast, generator, normal, testScoreOf, type ElementEvidence, type ExamTask } from '../../server/domains/learning/forecast-model';
import { addEvidence, type MasteryState } from '../../server/learning/mastery';
import { withDemoDatabase } from './demo-database';
import { intEnv, round2 } from './kit';

const STUDENTS = intEnv('BENCH_STUDENTS', 300);
const CHECKPOINTS = [20, 50, 100, 200, 400];

interface BankQuestion {
  maxPoints: number;
  elements: string[];
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function loadWorld() {
  return withDemoDatabase('forecast', async (db, now) => {
    const tasks = await examTasks(db);
    const { scale } = await scaleFor(db, now);
    const p1 = await db.selectFrom('question_p1_elements').select(['question_id', 'element_code']).execute();
    const p2 = await db.selectFrom('question_p2_elements').innerJoin('questions_p2', 'questions_p2.id', 'question_p2_elements.question_id').select(['question_id', 'element_code', 'questions_p2.max_points']).execute();
    const group = (rows: ReadonlyArray<{ question_id: number; element_code: string; max_points?: number }>) => {
      const byId = new Map<number, BankQuestion>();
      for (const row of rows) {
        const question = byId.get(row.question_id) ?? { maxPoints: Math.max(1, row.max_points ?? 1), elements: [] };
        question.elements.push(row.element_code);
        byId.set(row.question_id, question);
      }
      return [...byId.values()];
    };
    return { tasks, scale, part1: group(p1), part2: group(p2) };
  });
}

function sitExam(tasks: readonly ExamTask[], ability: Map<string, number>, overall: number, scale: readonly number[], random: () => number): number {
  let primary = 0;
  for (const task of tasks) {
    const chance = task.elements.length === 0 ? overall : mean(task.elements.map((code) => ability.get(code) ?? overall));
    for (let point = 0; point < task.maxPoints; point += 1) if (random() < chance) primary += 1;
  }
  return testScoreOf(primary, scale);
}

async function main(): Promise<void> {
  const { tasks, scale, part1, part2 } = await loadWorld();
  const codes = [...new Set([...tasks.flatMap((task) => task.elements), ...part1.flatMap((q) => q.elements), ...part2.flatMap((q) => q.elements)])];
  const random = generator(20261206);
  const at = Date.now();
  const results = CHECKPOINTS.map(() => ({ inside: 0, error: 0, width: 0 }));
  const started = performance.now();

  for (let student = 0; student < STUDENTS; student += 1) {
    const level = 0.3 + 1.2 * normal(random);
    const ability = new Map(codes.map((code) => [code, logistic(level + 0.8 * normal(random))]));
    const overall = mean([...ability.values()]);
    const trueScore = sitExam(tasks, ability, overall, scale, random);
    const states = new Map<string, MasteryState>();
    let answered = 0;
    for (const [checkpoint, target] of CHECKPOINTS.entries()) {
      while (answered < target) {
        const bank = random() < 0.1 && part2.length > 0 ? part2 : part1;
        const question = bank[Math.floor(random() * bank.length)]!;
        const chance = mean(question.elements.map((code) => ability.get(code)!));
        let points = 0;
        for (let point = 0; point < question.maxPoints; point += 1) if (random() < chance) points += 1;
        for (const code of question.elements) states.set(code, addEvidence(states.get(code), points / question.maxPoints, at));
        answered += 1;
      }
      const evidence: ElementEvidence[] = [...states.entries()].map(([code, state]) => ({ code, right: state.right, wrong: state.wrong, answers: state.answers }));
      const said = forecast(evidence, tasks, scale, student + 1);
      const result = results[checkpoint]!;
      if (trueScore >= said.testLow && trueScore <= said.testHigh) result.inside += 1;
      result.error += Math.abs(said.test - trueScore);
      result.width += said.testHigh - said.testLow;
    }
  }

  console.log(`${STUDENTS} simulated students, ${part1.length} part 1 and ${part2.length} part 2 linked questions, ${tasks.length} exam tasks; ${Math.round(performance.now() - started)} ms`);
  console.log('answers | inside the 80 % interval | MAE, test points | mean interval width');
  for (const [position, target] of CHECKPOINTS.entries()) {
    const result = results[position]!;
    console.log(`${String(target).padStart(7)} | ${round2(result.inside / STUDENTS).toFixed(2).padStart(24)} | ${round2(result.error / STUDENTS).toFixed(2).padStart(16)} | ${round2(result.width / STUDENTS).toFixed(1)}`);
  }
}

await main();
