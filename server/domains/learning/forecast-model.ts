import { elementGains, PRIOR_STRENGTH, type ElementEvidence, type ExamTask } from '../../learning/exam-evidence';

/**
 * The ЕГЭ forecast from mastery, pure: no database here, so the bench and the
 * tests drive it directly.
 *
 * Each element's share of points is Beta(right + K·μ, wrong + K·(1−μ)), where μ is the student's
 * own overall share (partial pooling: an element she never met is guessed from the rest of her
 * work, weakly, K = PRIOR_STRENGTH answers' worth); μ is itself uncertain and drawn once per
 * sampled exam. An exam task's chance is the mean over its
 * elements; its points on the day are binomial in that chance (the exam's own luck). The interval
 * comes from sampling both: DRAWS exams (1,000 keep the 10th and 90th percentiles within about a point) with a seeded generator, so the same data always gives
 * the same answer. Each drawn set of element shares sits EXAM_DAYS exams: the element draws are the
 * costly part (two gamma draws per element met little), the exam's luck is cheap, and 250 ability
 * draws × 4 days gave the same calibration as 1,000 × 1 at a quarter of the time.
 */

export { PRIOR_STRENGTH, type ElementEvidence, type ExamTask };
export const DRAWS = 1000;
const EXAM_DAYS = 4;
/** Evidence (in answers) from which an element's Beta is drawn through its normal approximation. */
const NORMAL_FROM = 8;
/** Below this many scored answers the forecast says «мало данных». */
export const MIN_ANSWERS = 20;
export const LOW_DATA = 'мало данных';

export interface Forecast {
  answers: number;
  enough: boolean;
  /** Expected primary points per task, in task order. */
  tasks: Array<{ taskNum: number; maxPoints: number; expected: number }>;
  primary: number;
  primaryLow: number;
  primaryHigh: number;
  test: number;
  testLow: number;
  testHigh: number;
  /** Elements by the expected primary points their full mastery would add, most first. */
  gains: Array<{ code: string; gain: number; mastery: number }>;
}

/** mulberry32: small, fast, seeded (the calibration bench draws its simulated students with it too). */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
export function normal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Marsaglia–Tsang gamma draw (shape < 1 boosted through shape + 1). */
function gamma(shape: number, random: () => number): number {
  if (shape < 1) return gamma(shape + 1, random) * Math.pow(1 - random(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - random();
    if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

function beta(a: number, b: number, random: () => number): number {
  const x = gamma(a, random);
  const y = gamma(b, random);
  return x + y === 0 ? a / (a + b) : x / (x + y);
}

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function testScoreOf(primary: number, scale: readonly number[]): number {
  const index = Math.max(0, Math.min(scale.length - 1, Math.round(primary)));
  return scale[index] ?? 0;
}

export function forecast(evidence: readonly ElementEvidence[], tasks: readonly ExamTask[], scale: readonly number[], seed: number): Forecast {
  const answers = evidence.reduce((sum, item) => sum + item.answers, 0);
  const totalRight = evidence.reduce((sum, item) => sum + item.right, 0);
  const totalWrong = evidence.reduce((sum, item) => sum + item.wrong, 0);
  const overall = (totalRight + 1) / (totalRight + totalWrong + 2);
  const byCode = new Map(evidence.map((item) => [item.code, item]));
  const codes = [...new Set(tasks.flatMap((task) => task.elements))];
  const index = new Map(codes.map((code, position) => [code, position]));
  const seenRight = codes.map((code) => byCode.get(code)?.right ?? 0);
  const seenWrong = codes.map((code) => byCode.get(code)?.wrong ?? 0);
  const mean = codes.map((_, position) => {
    const alpha = seenRight[position]! + PRIOR_STRENGTH * overall;
    return alpha / (alpha + seenWrong[position]! + PRIOR_STRENGTH * (1 - overall));
  });
  const taskElements = tasks.map((task) => task.elements.map((code) => index.get(code)!));
  // Tasks often share an element list (a whole section, the whole course): one chance per list and draw.
  const setKeys = taskElements.map((elements) => elements.join(','));
  const sets = [...new Set(setKeys)].map((key) => taskElements[setKeys.indexOf(key)]!);
  const setOfTask = setKeys.map((key) => sets.findIndex((elements) => elements.join(',') === key));
  const setChance = new Array<number>(sets.length);
  const chance = (values: readonly number[], elements: readonly number[]) => (elements.length === 0 ? overall : elements.reduce((sum, position) => sum + values[position]!, 0) / elements.length);

  const expectedTasks = tasks.map((task, position) => ({ taskNum: task.taskNum, maxPoints: task.maxPoints, expected: task.maxPoints * chance(mean, taskElements[position]!) }));
  const primary = expectedTasks.reduce((sum, task) => sum + task.expected, 0);

  const random = generator(seed);
  const primaries: number[] = [];
  const tests: number[] = [];
  const draw = new Array<number>(codes.length);
  for (let round = 0; round < DRAWS / EXAM_DAYS; round += 1) {
    // The student's own overall share is uncertain too, and every element's prior leans on it: one
    // draw per exam, shared by all elements (without it the interval was too narrow on little data —
    // 0.60 of true scores inside the 80 % interval at 20 answers in tests/bench/forecast-calibration.ts).
    const shared = beta(totalRight + 1, totalWrong + 1, random);
    for (let position = 0; position < codes.length; position += 1) {
      const a = seenRight[position]! + PRIOR_STRENGTH * shared;
      const b = seenWrong[position]! + PRIOR_STRENGTH * (1 - shared);
      // With enough evidence the Beta is near normal: one normal draw instead of two gamma draws.
      if (a + b >= NORMAL_FROM) {
        const centre = a / (a + b);
        draw[position] = Math.min(1, Math.max(0, centre + Math.sqrt((centre * (1 - centre)) / (a + b + 1)) * normal(random)));
      } else draw[position] = beta(a, b, random);
    }
    for (let set = 0; set < sets.length; set += 1) setChance[set] = chance(draw, sets[set]!);
    for (let day = 0; day < EXAM_DAYS; day += 1) {
      let total = 0;
      for (let position = 0; position < tasks.length; position += 1) {
        const p = setChance[setOfTask[position]!]!;
        for (let point = 0; point < tasks[position]!.maxPoints; point += 1) if (random() < p) total += 1;
      }
      primaries.push(total);
      tests.push(testScoreOf(total, scale));
    }
  }
  primaries.sort((a, b) => a - b);
  tests.sort((a, b) => a - b);

  const gains = elementGains(evidence, tasks);

  return {
    answers,
    enough: answers >= MIN_ANSWERS,
    tasks: expectedTasks.map((task) => ({ ...task, expected: round1(task.expected) })),
    primary: round1(primary),
    primaryLow: Math.round(quantile(primaries, 0.1)),
    primaryHigh: Math.round(quantile(primaries, 0.9)),
    test: Math.round(quantile(tests, 0.5)),
    testLow: Math.round(quantile(tests, 0.1)),
    testHigh: Math.round(quantile(tests, 0.9)),
    gains,
  };
}
