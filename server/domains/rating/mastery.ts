import type { ChapterStatistic, StudyRatingUser } from '../../../src/shared/contract/rating';
import { STUDY_RATING_SIZE } from '../../../src/shared/contract/rating';
import { STAFF_TYPES } from '../../../src/shared/domain/user-types';
import type { Db } from '../../db';
import { chapterSigns, NO_SIGNS, signTermCount, signUnitsByUser } from './sign-mastery';
import { publicUserKey } from '../../users/user-key';
import { paceOf } from '../../../src/shared/domain/pace';
import type { UserType } from '../../../src/shared/domain/user-types';
import { lessonExpectations } from '../../pace/expected-lessons';

/**
 * Course mastery: which published part 1 questions a student has answered fully right anywhere
 * (homework, automatic credits, trainings), and which part 2 tasks a curator scored at full marks
 * in a finished check. Self-checked works do not count (the student scored them).
 *
 * Terms come from the signs trainer (train-signs): numTermins is the chapter's trainer terms,
 * numPriznaki their true signs. A term is solved once answered fully right (every true sign and
 * no false one ticked); a true sign is solved once ticked in an answer that ticked no false sign
 * (ticking everything earns nothing). In the percents a term weighs as one question, earned sign
 * by sign: its recognised share of true signs (a solved term gives the whole unit).
 */

/** Every (user, question) answered with full points, from each activity that scores questions. */
function solvedPairs(db: Db) {
  return db
    .selectFrom('homework_answers_p1')
    .select(['user_id', 'question_id'])
    .where('points', 'is not', null)
    .whereRef('points', '=', 'max_points')
    .where('max_points', '>', 0)
    .union(
      db
        .selectFrom('credit_auto_answers')
        .select(['user_id', 'question_id'])
        .where('points', 'is not', null)
        .whereRef('points', '=', 'max_points')
        .where('max_points', '>', 0),
    )
    .union(
      db
        .selectFrom('train_p1_questions')
        .select(['user_id', 'question_id'])
        .where('points', 'is not', null)
        .whereRef('points', '=', 'max_points')
        .where('max_points', '>', 0),
    );
}

/**
 * Every (user, part 2 question) a curator scored at full marks in a checked ('Проверен') work, or
 * that a classmate or the AI scored at full marks in training part 2.
 */
function solvedPairsP2(db: Db) {
  return db
    .selectFrom('homework_answers_p2')
    .innerJoin('questions_p2', 'questions_p2.id', 'homework_answers_p2.question_id')
    .innerJoin('homeworks', 'homeworks.num', 'homework_answers_p2.ht_num')
    .innerJoin('user_homeworks', (join) =>
      join
        .onRef('user_homeworks.user_id', '=', 'homework_answers_p2.user_id')
        .onRef('user_homeworks.ht_num', '=', 'homework_answers_p2.ht_num')
        .onRef('user_homeworks.is_dop', '=', 'homework_answers_p2.is_dop'),
    )
    .select(['homework_answers_p2.user_id', 'homework_answers_p2.question_id'])
    .where('user_homeworks.status_p2', '=', 'Проверен')
    .where('homeworks.p2_self_check', '=', 0)
    .where('homework_answers_p2.is_checked', '=', 1)
    .where('questions_p2.max_points', '>', 0)
    .whereRef('homework_answers_p2.points', '=', 'questions_p2.max_points')
    .union(
      // A part 2 training answer scored at full marks by someone else: a classmate or the AI (never a self-check).
      db
        .selectFrom('train_p2_answers')
        .select(['user_id', 'question_id'])
        .where('mode', 'in', ['checkByClassmates', 'checkByAI'])
        .where('status', '=', 'checked')
        .where('max_points', '>', 0)
        .whereRef('points', '=', 'max_points'),
    );
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part / whole) * 100));

/** Whose mastery it is: the student's id and the type that decides which lessons are hers. */
export interface MasteryOwner {
  id: number;
  type: UserType;
}

/** A piece of material counted twice: in the whole chapter and, if its lesson is due, in what was expected. */
interface Tally {
  total: number;
  solved: number;
  expectedTotal: number;
  expectedSolved: number;
}

function tally(items: readonly { solved: number; expected: boolean }[]): Tally {
  const result: Tally = { total: 0, solved: 0, expectedTotal: 0, expectedSolved: 0 };
  for (const item of items) {
    result.total += 1;
    result.solved += item.solved;
    if (!item.expected) continue;
    result.expectedTotal += 1;
    result.expectedSolved += item.solved;
  }
  return result;
}

/**
 * The progress against what was expected by now: the bar is coloured by `pace`, so a chapter
 * whose lessons are not due yet is «впереди», not red.
 */
function expectedProgress(all: Tally) {
  const expectedSolvedPercent = percent(all.expectedSolved, all.expectedTotal);
  const somethingDue = all.expectedTotal > 0;
  return {
    // At least 1 when anything is due: 0 means «nothing due» to the client.
    expectedPercent: somethingDue ? Math.max(1, percent(all.expectedTotal, all.total)) : 0,
    expectedSolvedPercent,
    // Nothing due: judged by what she did early (done well is «в порядке», else «впереди»).
    pace: somethingDue ? paceOf(expectedSolvedPercent, true) : paceOf(percent(all.solved, all.total), false),
  };
}

/**
 * The questions a due lesson asked of her: those of its homework's main parts. A lesson's bank is
 * the material to practise on (the demo's first lesson has two dozen questions), not a quota, so
 * «По плану на сегодня» counts what the due lessons' homeworks asked; a lesson without homework
 * asks nothing of the bank (its terms still count).
 */
async function askedByDueLessons(db: Db, expected: (lessonNum: number) => boolean): Promise<{ p1: Set<number>; p2: Set<number> }> {
  const [p1, p2] = await Promise.all([
    db.selectFrom('homework_questions_p1').innerJoin('homeworks', 'homeworks.num', 'homework_questions_p1.ht_num').select(['homework_questions_p1.question_id', 'homeworks.lesson_num']).where('homework_questions_p1.is_dop', '=', 0).execute(),
    db.selectFrom('homework_questions_p2').innerJoin('homeworks', 'homeworks.num', 'homework_questions_p2.ht_num').select(['homework_questions_p2.question_id', 'homeworks.lesson_num']).where('homework_questions_p2.is_dop', '=', 0).execute(),
  ]);
  const due = (rows: { question_id: number; lesson_num: number }[]) => new Set(rows.filter((row) => expected(row.lesson_num)).map((row) => row.question_id));
  return { p1: due(p1), p2: due(p2) };
}

export async function chapterStatistics(db: Db, owner: MasteryOwner, now: number): Promise<{ chaptersStatistics: ChapterStatistic[]; solvedPercent: number } & ReturnType<typeof expectedProgress>> {
  const userId = owner.id;
  const expectations = await lessonExpectations(db, owner, now);
  const expected = (lessonNum: number) => expectations.get(lessonNum)?.expected === true;
  const [chapters, questions, questionsP2, solved, solvedP2, signs, asked] = await Promise.all([
    db.selectFrom('chapters').select(['id', 'name']).orderBy('position').execute(),
    db
      .selectFrom('questions_p1')
      .innerJoin('lessons', 'lessons.number', 'questions_p1.lesson_num')
      .select(['questions_p1.id', 'lessons.chapter_id'])
      .where('questions_p1.is_published', '=', 1)
      .execute(),
    db.selectFrom('questions_p2').innerJoin('lessons', 'lessons.number', 'questions_p2.lesson_num').select(['questions_p2.id', 'lessons.chapter_id']).execute(),
    db
      .selectFrom(solvedPairs(db).as('solved'))
      .select('solved.question_id')
      .where('solved.user_id', '=', userId)
      .execute(),
    db
      .selectFrom(solvedPairsP2(db).as('solved'))
      .select('solved.question_id')
      .where('solved.user_id', '=', userId)
      .execute(),
    chapterSigns(db, userId, expected),
    askedByDueLessons(db, expected),
  ]);
  const solvedIds = new Set(solved.map((row) => row.question_id));
  const solvedIdsP2 = new Set(solvedP2.map((row) => row.question_id));
  const course: Tally = { total: 0, solved: 0, expectedTotal: 0, expectedSolved: 0 };
  const stats = chapters.map((chapter) => {
    const inChapter = questions.filter((question) => question.chapter_id === chapter.id);
    const solvedHere = inChapter.filter((question) => solvedIds.has(question.id)).length;
    const inChapterP2 = questionsP2.filter((question) => question.chapter_id === chapter.id);
    const solvedHereP2 = inChapterP2.filter((question) => solvedIdsP2.has(question.id)).length;
    const { units: signUnits, expectedTerms, expectedUnits, ...terms } = signs.get(chapter.id) ?? NO_SIGNS;
    const questionsTally = tally([
      ...inChapter.map((question) => ({ solved: solvedIds.has(question.id) ? 1 : 0, expected: asked.p1.has(question.id) })),
      ...inChapterP2.map((question) => ({ solved: solvedIdsP2.has(question.id) ? 1 : 0, expected: asked.p2.has(question.id) })),
    ]);
    // A trainer term weighs as one question, earned sign by sign (see the comment at the top).
    const chapterTally: Tally = {
      total: questionsTally.total + terms.numTermins,
      solved: questionsTally.solved + signUnits,
      expectedTotal: questionsTally.expectedTotal + expectedTerms,
      expectedSolved: questionsTally.expectedSolved + expectedUnits,
    };
    course.total += chapterTally.total;
    course.solved += chapterTally.solved;
    course.expectedTotal += chapterTally.expectedTotal;
    course.expectedSolved += chapterTally.expectedSolved;
    return {
      chapterName: chapter.name,
      chapterSolvedPercent: percent(chapterTally.solved, chapterTally.total),
      numQuestionsP1: inChapter.length,
      numSolvedQuestionsP1: solvedHere,
      numQuestionsP2: inChapterP2.length,
      numSolvedQuestionsP2: solvedHereP2,
      ...terms,
      ...expectedProgress(chapterTally),
    };
  });
  return { chaptersStatistics: stats, solvedPercent: percent(course.solved, course.total), ...expectedProgress(course) };
}

/** Students by the share of the course (questions of both parts, trainer terms) they solved; ties by name; the caller added if outside. */
export async function studyRating(db: Db, callerId: number): Promise<StudyRatingUser[]> {
  const [published, publishedP2, rows, termCount, termUnits] = await Promise.all([
    db.selectFrom('questions_p1').select((eb) => eb.fn.countAll<number>().as('count')).where('is_published', '=', 1).executeTakeFirstOrThrow(),
    db.selectFrom('questions_p2').innerJoin('lessons', 'lessons.number', 'questions_p2.lesson_num').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .leftJoin(
        db
          .selectFrom(solvedPairs(db).as('pairs'))
          .innerJoin('questions_p1', 'questions_p1.id', 'pairs.question_id')
          .where('questions_p1.is_published', '=', 1)
          .select(['pairs.user_id', (eb) => eb.fn.countAll<number>().as('solved')])
          .groupBy('pairs.user_id')
          .as('counts'),
        'counts.user_id',
        'users.id',
      )
      .leftJoin(
        db
          .selectFrom(solvedPairsP2(db).as('pairs2'))
          .innerJoin('questions_p2', 'questions_p2.id', 'pairs2.question_id')
          .innerJoin('lessons', 'lessons.number', 'questions_p2.lesson_num')
          .select(['pairs2.user_id', (eb) => eb.fn.countAll<number>().as('solved_p2')])
          .groupBy('pairs2.user_id')
          .as('counts2'),
        'counts2.user_id',
        'users.id',
      )
      .select(['users.id', 'users.vk_id', 'users.name', 'users.surname', 'users.tg_nickname', 'counts.solved', 'counts2.solved_p2'])
      .where('users.user_type', 'not in', STAFF_TYPES)
      .where('users.blocked', '=', 0)
      .execute(),
    signTermCount(db),
    signUnitsByUser(db),
  ]);
  const total = Number(published.count) + Number(publishedP2.count) + termCount;
  const ranked = rows
    .map((row) => ({ row, solved: Number(row.solved ?? 0) + Number(row.solved_p2 ?? 0) + (termUnits.get(row.id) ?? 0) }))
    .sort((a, b) => b.solved - a.solved || a.row.surname.localeCompare(b.row.surname, 'ru') || a.row.id - b.row.id);
  const list = ranked.map(({ row, solved }, index) => ({
    place: index + 1,
    userId: publicUserKey(row),
    userName: row.name,
    userSurname: row.surname,
    tgNickname: row.tg_nickname,
    solvedPercent: percent(solved, total),
    itsMe: row.id === callerId ? ('1' as const) : ('0' as const),
  }));
  const top = list.slice(0, STUDY_RATING_SIZE);
  const me = list.find((item) => item.itsMe === '1');
  return me && me.place > STUDY_RATING_SIZE ? [...top, me] : top;
}
