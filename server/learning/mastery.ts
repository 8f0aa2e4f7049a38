import type { Db } from '../db';
import { recordMiss } from './review-cards';

/**
 * Mastery per student and exam element (ARCHITECTURE §5a). Every source of a scored
 * answer — homework parts 1 and 2 (part 2 once checked), credits, trainings, knowledge tests, the
 * game — calls recordScoredAnswers() inside the transaction that stores the score; nothing else
 * computes mastery.
 *
 * The model: per element, a Beta posterior over «the share of points she wins on this element»,
 * fed with fractional successes (points / max) — the Beta–Bernoulli update is exact, cheap (one
 * row per element, O(1) per answer) and gives an honest uncertainty that narrows with evidence,
 * which the forecast needs for its interval. Recency: evidence decays exponentially with a
 * half-life (an answer HALF_LIFE_DAYS old counts half), so the state is two decayed sums kept
 * «as of updated_at» and rescaled on the next answer; no history replay is needed. The number of
 * answers is kept undecayed for «на чём основан прогноз».
 */

export const HALF_LIFE_DAYS = 60;
const HALF_LIFE_MS = HALF_LIFE_DAYS * 86_400_000;

/** Where a scored answer came from (kept for reading the code; mastery weighs them alike). */
export type AnswerSource = 'homework-p1' | 'homework-p2' | 'credit' | 'train-p1' | 'train-p2' | 'knowledge-test' | 'game' | 'review';

export interface ScoredAnswer {
  userId: number;
  source: AnswerSource;
  /** Which bank the question is in: part 1 (questions_p1) or part 2 (questions_p2). */
  part: 1 | 2;
  questionId: number;
  points: number;
  maxPoints: number;
  /** When it was scored (epoch ms): the evidence's age counts from here. */
  at: number;
}

/** How much evidence of age `ageMs` still weighs (1 now, ½ after one half-life). */
export function decay(ageMs: number): number {
  return ageMs <= 0 ? 1 : Math.pow(0.5, ageMs / HALF_LIFE_MS);
}

export interface MasteryState {
  right: number;
  wrong: number;
  answers: number;
  updatedAt: number;
}

/** The state after one more answer with `share` ∈ [0, 1] of its points won at `at`. */
export function addEvidence(state: MasteryState | undefined, share: number, at: number): MasteryState {
  if (!state) return { right: share, wrong: 1 - share, answers: 1, updatedAt: at };
  // Late evidence (a part 2 answer checked after newer answers) weighs by its own age.
  if (at < state.updatedAt) {
    const weight = decay(state.updatedAt - at);
    return { right: state.right + weight * share, wrong: state.wrong + weight * (1 - share), answers: state.answers + 1, updatedAt: state.updatedAt };
  }
  const kept = decay(at - state.updatedAt);
  return { right: state.right * kept + share, wrong: state.wrong * kept + (1 - share), answers: state.answers + 1, updatedAt: at };
}

/** The state seen at `now`: both sums decayed to now. */
export function stateAt(state: MasteryState, now: number): MasteryState {
  const kept = decay(now - state.updatedAt);
  return { right: state.right * kept, wrong: state.wrong * kept, answers: state.answers, updatedAt: now };
}

async function elementsOf(trx: Db, part: 1 | 2, questionIds: number[]): Promise<Map<number, string[]>> {
  const table = part === 1 ? 'question_p1_elements' : 'question_p2_elements';
  const rows = questionIds.length === 0 ? [] : await trx.selectFrom(table).select(['question_id', 'element_code']).where('question_id', 'in', questionIds).execute();
  const byQuestion = new Map<number, string[]>();
  for (const row of rows) byQuestion.set(row.question_id, [...(byQuestion.get(row.question_id) ?? []), row.element_code]);
  return byQuestion;
}

/**
 * Folds scored answers into their students' mastery. Call it with the transaction that stores
 * the scores, so a score and its evidence commit or roll back together. Questions without
 * elements teach the model nothing and are skipped.
 */
export async function recordScoredAnswers(trx: Db, answers: readonly ScoredAnswer[]): Promise<void> {
  const scored = answers.filter((answer) => answer.maxPoints > 0 && Number.isFinite(answer.points));
  if (scored.length === 0) return;
  // A part 1 mistake comes back as a review card; a review reschedules its own card itself.
  for (const answer of scored) {
    if (answer.part === 1 && answer.source !== 'review' && answer.points < answer.maxPoints) await recordMiss(trx, answer.userId, { questionId: answer.questionId }, answer.at);
  }
  const [p1, p2] = await Promise.all([
    elementsOf(trx, 1, [...new Set(scored.filter((a) => a.part === 1).map((a) => a.questionId))]),
    elementsOf(trx, 2, [...new Set(scored.filter((a) => a.part === 2).map((a) => a.questionId))]),
  ]);
  // One pass per student: read her rows of the touched elements, fold, write back.
  const byUser = new Map<number, Array<{ codes: string[]; answer: ScoredAnswer }>>();
  for (const answer of scored) {
    const codes = (answer.part === 1 ? p1 : p2).get(answer.questionId);
    if (!codes?.length) continue;
    byUser.set(answer.userId, [...(byUser.get(answer.userId) ?? []), { codes, answer }]);
  }
  for (const [userId, items] of byUser) {
    const codes = [...new Set(items.flatMap((item) => item.codes))];
    const rows = await trx.selectFrom('learning_mastery').selectAll().where('user_id', '=', userId).where('element_code', 'in', codes).execute();
    const states = new Map<string, MasteryState>(
      rows.map((row) => [row.element_code, { right: Number(row.right_weight), wrong: Number(row.wrong_weight), answers: Number(row.answers), updatedAt: Number(row.updated_at) }]),
    );
    for (const { codes: elementCodes, answer } of [...items].sort((a, b) => a.answer.at - b.answer.at)) {
      const share = Math.min(1, Math.max(0, answer.points / answer.maxPoints));
      for (const code of elementCodes) states.set(code, addEvidence(states.get(code), share, answer.at));
    }
    for (const code of codes) {
      const state = states.get(code)!;
      const values = { right_weight: state.right, wrong_weight: state.wrong, answers: state.answers, updated_at: state.updatedAt };
      // An upsert: a parallel first answer of the same student must not fail on the key.
      await trx
        .insertInto('learning_mastery')
        .values({ user_id: userId, element_code: code, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'element_code']).doUpdateSet(values))
        .execute();
    }
  }
}

/** One answer: the same as recordScoredAnswers([answer]). */
export function recordScoredAnswer(trx: Db, answer: ScoredAnswer): Promise<void> {
  return recordScoredAnswers(trx, [answer]);
}
