import type { Db } from '../../db';
import { recordScoredAnswers, type ScoredAnswer } from '../../learning/mastery';

/**
 * Folds the scored answers already in the database into mastery, oldest first: the demo seed
 * writes its students' progress as rows, not through the calls, so their mastery is built here
 * from the same sources the calls report (final homework parts, checked part 2, credits,
 * trainings, finished knowledge tests, the game).
 */
export async function rebuildMastery(db: Db): Promise<number> {
  const answers: ScoredAnswer[] = [];
  const add = (source: ScoredAnswer['source'], part: 1 | 2, rows: Array<{ user_id: number; question_id: number; points: number | null; max_points: number; at: number | string | null }>) => {
    for (const row of rows) {
      if (row.points === null || row.at === null) continue;
      answers.push({ userId: row.user_id, source, part, questionId: row.question_id, points: row.points, maxPoints: row.max_points, at: Number(row.at) });
    }
  };
  add(
    'homework-p1',
    1,
    await db
      .selectFrom('homework_answers_p1 as a')
      .innerJoin('user_homeworks as h', (join) => join.onRef('h.user_id', '=', 'a.user_id').onRef('h.ht_num', '=', 'a.ht_num').onRef('h.is_dop', '=', 'a.is_dop'))
      .select(['a.user_id', 'a.question_id', 'a.points', 'a.max_points', 'a.answered_at as at'])
      .where('h.status_p1', '=', 'Готово')
      .execute(),
  );
  add(
    'homework-p2',
    2,
    await db
      .selectFrom('homework_answers_p2 as a')
      .innerJoin('questions_p2 as q', 'q.id', 'a.question_id')
      .innerJoin('user_homeworks as h', (join) => join.onRef('h.user_id', '=', 'a.user_id').onRef('h.ht_num', '=', 'a.ht_num').onRef('h.is_dop', '=', 'a.is_dop'))
      .select(['a.user_id', 'a.question_id', 'a.points', 'q.max_points', 'h.p2_checked_at as at'])
      .where('h.status_p2', '=', 'Проверен')
      .execute(),
  );
  add('credit', 1, await db.selectFrom('credit_auto_answers').select(['user_id', 'question_id', 'points', 'max_points', 'answered_at as at']).execute());
  add('train-p1', 1, await db.selectFrom('train_p1_questions').select(['user_id', 'question_id', 'points', 'max_points', 'answered_at as at']).execute());
  add(
    'knowledge-test',
    1,
    await db
      .selectFrom('kb_test_answers as a')
      .innerJoin('kb_test_attempts as t', 't.id', 'a.attempt_id')
      .select(['a.user_id', 'a.question_id', 'a.points', 'a.max_points', 'a.answered_at as at'])
      .where('t.status', '=', 'Готово')
      .execute(),
  );
  add(
    'game',
    1,
    await db
      .selectFrom('decide_first_answers as a')
      .innerJoin('decide_first_rounds as r', (join) => join.onRef('r.game_id', '=', 'a.game_id').onRef('r.q_num', '=', 'a.q_num'))
      .select(['a.user_id', 'r.question_id', 'a.points', 'r.real_ball as max_points', 'a.answered_at as at'])
      .execute(),
  );
  answers.sort((a, b) => a.at - b.at);
  await recordScoredAnswers(db, answers);
  return answers.length;
}
