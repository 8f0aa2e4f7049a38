import { CHECKS_LIKE_CURATOR_PER_DAY, TRAIN_P2_TEXTS as T, type Part2Question, type QuestionType } from '../../../src/shared/contract/train-p2';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { dayStartMs, moscowDayIndex } from '../../time/moscow-days';
import { curatorCheckKey, requireScoreWithin } from './modes';
import { eligibleQuestionsP2, pickRandom, presentQuestionP2, questionById, questionsOfType } from './question-pool';
import { parseSegments } from '../curator-homework/reading';

/**
 * Checking like a curator: the student scores a real part 2 homework answer of another student that
 * a curator checked (a 'Проверен' work, not a self-checked homework), then sees the curator's score
 * and comments beside their own. The answer's author stays anonymous: the check is named by its own
 * key. At most CHECKS_LIKE_CURATOR_PER_DAY checks per Moscow day; an unfinished one is offered again.
 */

type CheckRow = { id: number; source_user_id: number; ht_num: number; is_dop: number; q_number: number; question_id: number; points: number | null; check_comment: string; finished_at: number | null };

const CHECK_COLUMNS = ['id', 'source_user_id', 'ht_num', 'is_dop', 'q_number', 'question_id', 'points', 'check_comment', 'finished_at'] as const;

/** The curator-checked homework answers (any student but `exceptUserId`). */
function checkedHomeworkAnswers(db: Db, exceptUserId: number) {
  return db
    .selectFrom('homework_answers_p2')
    .innerJoin('user_homeworks', (join) =>
      join
        .onRef('user_homeworks.user_id', '=', 'homework_answers_p2.user_id')
        .onRef('user_homeworks.ht_num', '=', 'homework_answers_p2.ht_num')
        .onRef('user_homeworks.is_dop', '=', 'homework_answers_p2.is_dop'),
    )
    .innerJoin('homeworks', 'homeworks.num', 'homework_answers_p2.ht_num')
    .where('user_homeworks.status_p2', '=', 'Проверен')
    .where('homeworks.p2_self_check', '=', 0)
    .where('homework_answers_p2.is_checked', '=', 1)
    .where('homework_answers_p2.points', 'is not', null)
    .where('homework_answers_p2.user_answer', '!=', '')
    .where('homework_answers_p2.user_id', '!=', exceptUserId);
}

async function homeworkAnswerOf(db: Db, check: CheckRow) {
  return db
    .selectFrom('homework_answers_p2')
    .select(['user_answer', 'points', 'teacher_comment', 'teacher_json'])
    .where('user_id', '=', check.source_user_id)
    .where('ht_num', '=', check.ht_num)
    .where('is_dop', '=', check.is_dop)
    .where('q_number', '=', check.q_number)
    .executeTakeFirst();
}

async function present(db: Db, check: CheckRow, old: boolean): Promise<Part2Question> {
  const [question, answer] = await Promise.all([questionById(db, check.question_id), homeworkAnswerOf(db, check)]);
  if (!question || !answer) fail(T.checkNotFound);
  const finished = check.finished_at !== null;
  return presentQuestionP2(question, {
    revealKey: true,
    userAnswer: answer.user_answer,
    studentId: curatorCheckKey(check.id),
    qNumber: check.q_number,
    htNumber: check.ht_num,
    isOldCheck: old ? '1' : '0',
    // The curator's verdict only after the student's own.
    ...(finished
      ? { curatorBall: answer.points, checkBall: check.points, teacherComment: answer.teacher_comment, teacherJson: parseSegments(answer.teacher_json), checkComment: check.check_comment }
      : {}),
  });
}

const todayStart = (now: number) => dayStartMs(moscowDayIndex(now));

/** Checks like a curator left today. */
export async function likeCuratorChecksLeft(db: Db, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('train_p2_curator_checks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', todayStart(now))
    .executeTakeFirstOrThrow();
  return Math.max(0, CHECKS_LIKE_CURATOR_PER_DAY - Number(row.n));
}

export async function startLikeCuratorCheck(db: Db, user: CurrentUser, type: QuestionType, include90Plus: boolean, now: number): Promise<Part2Question | null> {
  const open = await db.selectFrom('train_p2_curator_checks').select(CHECK_COLUMNS).where('user_id', '=', user.id).where('finished_at', 'is', null).executeTakeFirst();
  if (open) return present(db, open, true);
  if ((await likeCuratorChecksLeft(db, user.id, now)) <= 0) fail(T.noLikeCurLeft);
  const ids = (await questionsOfType(db, user.id, await eligibleQuestionsP2(db, user, include90Plus, now), type)).map((row) => row.id);
  if (ids.length === 0) return null;
  const candidates = await checkedHomeworkAnswers(db, user.id)
    .where('homework_answers_p2.question_id', 'in', ids)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('train_p2_curator_checks')
            .select('train_p2_curator_checks.id')
            .where('train_p2_curator_checks.user_id', '=', user.id)
            .whereRef('train_p2_curator_checks.source_user_id', '=', 'homework_answers_p2.user_id')
            .whereRef('train_p2_curator_checks.ht_num', '=', 'homework_answers_p2.ht_num')
            .whereRef('train_p2_curator_checks.is_dop', '=', 'homework_answers_p2.is_dop')
            .whereRef('train_p2_curator_checks.q_number', '=', 'homework_answers_p2.q_number'),
        ),
      ),
    )
    .select(['homework_answers_p2.user_id', 'homework_answers_p2.ht_num', 'homework_answers_p2.is_dop', 'homework_answers_p2.q_number', 'homework_answers_p2.question_id'])
    .execute();
  const picked = pickRandom(candidates);
  if (!picked) return null;
  try {
    const check = await db
      .insertInto('train_p2_curator_checks')
      .values({ user_id: user.id, source_user_id: picked.user_id, ht_num: picked.ht_num, is_dop: picked.is_dop, q_number: picked.q_number, question_id: picked.question_id, created_at: now })
      .returning(CHECK_COLUMNS)
      .executeTakeFirstOrThrow();
    return present(db, check, false);
  } catch (error) {
    // A parallel request of the same student opened one first (one open check per student).
    const raced = await db.selectFrom('train_p2_curator_checks').select(CHECK_COLUMNS).where('user_id', '=', user.id).where('finished_at', 'is', null).executeTakeFirst();
    if (raced) return present(db, raced, true);
    throw error;
  }
}

/** Stores the student's score and comment and returns the curator's beside them (again on a repeat). */
export async function finishLikeCuratorCheck(
  db: Db,
  user: CurrentUser,
  checkId: number,
  data: { qNumber: number; htNumber: number; checkBall: number; checkComment: string },
  now: number,
): Promise<Part2Question> {
  const check = await db.selectFrom('train_p2_curator_checks').select(CHECK_COLUMNS).where('id', '=', checkId).where('user_id', '=', user.id).executeTakeFirst();
  if (!check || check.q_number !== data.qNumber || check.ht_num !== data.htNumber) fail(T.checkNotFound);
  if (check.finished_at !== null) return present(db, check, false);
  const question = await questionById(db, check.question_id);
  if (!question) fail(T.checkNotFound);
  requireScoreWithin(data.checkBall, question.max_points);
  await db
    .updateTable('train_p2_curator_checks')
    .set({ points: data.checkBall, check_comment: data.checkComment, finished_at: now })
    .where('id', '=', check.id)
    .where('finished_at', 'is', null)
    .execute();
  const finished = await db.selectFrom('train_p2_curator_checks').select(CHECK_COLUMNS).where('id', '=', check.id).executeTakeFirstOrThrow();
  return present(db, finished, false);
}

/** 'Refuse the check': the unfinished check is dropped (it no longer counts against the day). */
export async function refuseLikeCuratorCheck(db: Db, user: CurrentUser, checkId: number, questionId: number): Promise<void> {
  const result = await db.deleteFrom('train_p2_curator_checks').where('id', '=', checkId).where('user_id', '=', user.id).where('question_id', '=', questionId).where('finished_at', 'is', null).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) fail(T.checkNotFound);
}
