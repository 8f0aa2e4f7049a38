import { createHash } from 'node:crypto';
import type { Db } from '../../db';

/**
 * Version token of one student's part 2 work, for offline checking: a curator downloads a work with
 * its version and sends the version back with the check (`baseVersion`). Any change on the server
 * meanwhile (another checker's scores or comments, a return, a re-submission) changes the token, so
 * the write is refused as a conflict instead of overwriting silently. The token hashes the content a
 * checker sees; `updated_at` is in it too so that even an identical rewrite by someone else counts.
 */

type WorkRow = {
  status_p2: string;
  points_p2: number | null;
  p2_checker_id: number | null;
  p2_checked_at: number | null;
  p2_submitted_at: number | null;
  updated_at: number;
};
type AnswerRow = { q_number: number; user_answer: string; points: number | null; teacher_comment: string; teacher_json: string; is_checked: number; criteria_points: string };

export function workVersionOf(work: WorkRow, answers: readonly AnswerRow[]): string {
  const content = [
    work.status_p2,
    work.points_p2,
    work.p2_checker_id,
    work.p2_checked_at,
    work.p2_submitted_at,
    work.updated_at,
    [...answers]
      .sort((a, b) => a.q_number - b.q_number)
      .map((answer) => [answer.q_number, answer.user_answer, answer.points, answer.teacher_comment, answer.teacher_json, answer.is_checked, answer.criteria_points]),
  ];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 20);
}

/** Reads the work and its answers (inside the caller's transaction) and returns both with the token. */
export async function readWorkVersion(db: Db, userId: number, htNum: number) {
  const work = await db.selectFrom('user_homeworks').selectAll().where('user_id', '=', userId).where('ht_num', '=', htNum).where('is_dop', '=', 0).executeTakeFirst();
  if (!work) return null;
  const answers = await db.selectFrom('homework_answers_p2').selectAll().where('user_id', '=', userId).where('ht_num', '=', htNum).where('is_dop', '=', 0).execute();
  return { work, answers, version: workVersionOf(work, answers) };
}
