import {
  CHECK_TEXTS as T,
  CURATOR_CHECK_DAYS,
  type CrossCheck,
  type CuratorHomework,
  type ResultP2Item,
  type StudentHomeworkRow,
} from '../../../src/shared/contract/curator-homework';
import type { CommentSegment } from '../../../src/shared/contract/homework-p2';
import { formatMoscowDate, formatMoscowDateTime, formatMoscowTime } from '../../../src/shared/domain/moscow-time';
import { STAFF_TYPES } from '../../../src/shared/domain/user-types';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { findUserByKey, publicUserKey } from '../../users/user-key';
import { checksEveryone, mayCheckStudent } from './checker-access';
import { workVersionOf } from './work-version';
import { isOneOf } from '../../../src/shared/guards';
import { parseCriteriaPoints } from '../../../src/shared/domain/p2-criteria';
import { criteriaByTask, criteriaViews, questionCriteria } from '../../questions/p2-criteria';

/** Read side of curator checking: homework list, works of one homework, part 1 and part 2 results. */

const DAY = 86_400_000;
type HomeworkRow = { num: number; is_probnik: number; deadline_at: number | null; p1_count: number; p2_count: number };

export async function loadHomework(db: Db, htNum: number) {
  const row = await db.selectFrom('homeworks').selectAll().where('num', '=', htNum).executeTakeFirst();
  if (!row) fail(T.notFound);
  return row;
}

export function homeworkView(row: HomeworkRow): CuratorHomework {
  const deadline = row.deadline_at;
  return {
    htNumber: row.num,
    isProbnik: row.is_probnik,
    htNumsP1: row.p1_count,
    htNumsP2: row.p2_count,
    htDeadline: deadline === null ? '' : formatMoscowDate(deadline),
    htDeadlineTime: deadline === null ? '' : formatMoscowTime(deadline),
    htDeadlineCur: deadline === null ? '' : formatMoscowDateTime(deadline + CURATOR_CHECK_DAYS * DAY),
  };
}

/** Students whose works the user sees: their own (curator or homework curator), or all for admins and USERS_EDIT_DZ. */
export async function visibleStudents(db: Db, user: CurrentUser): Promise<UserRow[]> {
  const everyone = await checksEveryone(user);
  return db
    .selectFrom('users')
    .selectAll()
    .where('user_type', 'not in', [...STAFF_TYPES])
    .$if(!everyone, (query) => query.where((eb) => eb.or([eb('curator_dz_id', '=', user.id), eb('curator_id', '=', user.id)])))
    .orderBy('surname')
    .orderBy('name')
    .execute();
}

/**
 * The 'cross check' of a homework: whether every submitted part 2 work the user sees is checked
 * (none left in 'Готово'), and when the latest check happened. No submitted work: not checked (0).
 */
export async function crossCheckOf(db: Db, htNum: number, studentIds: readonly number[]): Promise<CrossCheck> {
  const rows =
    studentIds.length === 0
      ? []
      : await db
          .selectFrom('user_homeworks')
          .select(['status_p2', 'p2_checked_at'])
          .where('ht_num', '=', htNum)
          .where('is_dop', '=', 0)
          .where('user_id', 'in', [...studentIds])
          .where('status_p2', 'in', ['Готово', 'Проверен', 'Отклонен'])
          .execute();
  const latest = rows.reduce<number | null>((max, row) => (row.p2_checked_at !== null && (max === null || row.p2_checked_at > max) ? row.p2_checked_at : max), null);
  return {
    htNumber: htNum,
    htStatus: rows.length > 0 && rows.every((row) => row.status_p2 !== 'Готово') ? 1 : 0,
    ccCheckDate: latest === null ? '' : formatMoscowDate(latest),
    ccCheckTime: latest === null ? '' : formatMoscowTime(latest),
  };
}

export async function homeworkList(db: Db, user: CurrentUser) {
  const homeworks = await db.selectFrom('homeworks').selectAll().orderBy('num').execute();
  const ids = (await visibleStudents(db, user)).map((student) => student.id);
  const crossChecks: CrossCheck[] = [];
  for (const homework of homeworks) if (homework.p2_count > 0) crossChecks.push(await crossCheckOf(db, homework.num, ids));
  return { homeTasks: homeworks.map(homeworkView), crossChecks };
}

const date = (ms: number | null) => (ms === null ? '' : formatMoscowDate(ms));
const time = (ms: number | null) => (ms === null ? '' : formatMoscowTime(ms));
const fullName = (user: { surname: string; name: string } | undefined) => (user ? `${user.surname} ${user.name}`.trim() : '');

/**
 * Works of one homework: every visible student who has started any part of it. Ordered for the
 * checker: their own students first, then works waiting for a check ('Готово') oldest
 * submission first, then the rest by name.
 */
export async function worksOfHomework(db: Db, user: CurrentUser, htNum: number) {
  const homework = await loadHomework(db, htNum);
  const students = await visibleStudents(db, user);
  const ids = students.map((student) => student.id);
  const progress = ids.length === 0 ? [] : await db.selectFrom('user_homeworks').selectAll().where('ht_num', '=', htNum).where('user_id', 'in', ids).execute();
  const checked =
    ids.length === 0
      ? []
      : await db
          .selectFrom('homework_answers_p2')
          .select(['user_id', 'q_number'])
          .where('ht_num', '=', htNum)
          .where('is_dop', '=', 0)
          .where('is_checked', '=', 1)
          .where('user_id', 'in', ids)
          .execute();
  const curatorIds = [...new Set(students.map((student) => student.curator_dz_id ?? student.curator_id).filter((id): id is number => id !== null))];
  const curators = curatorIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'surname', 'name']).where('id', 'in', curatorIds).execute();
  const users: StudentHomeworkRow[] = [];
  const order = new Map<StudentHomeworkRow, [number, number, number]>();
  for (const [position, student] of students.entries()) {
    const main = progress.find((row) => row.user_id === student.id && row.is_dop === 0);
    const dop = progress.find((row) => row.user_id === student.id && row.is_dop === 1);
    if (!main && !dop) continue;
    const mine = student.curator_dz_id === user.id || student.curator_id === user.id;
    const waiting = main?.status_p2 === 'Готово';
    const row: StudentHomeworkRow = {
      userSurname: student.surname,
      userName: student.name,
      userBlocked: student.blocked === 1 ? '1' : '0',
      userVkId: publicUserKey(student),
      userTgNickname: student.tg_nickname,
      curator: fullName(curators.find((curator) => curator.id === (student.curator_dz_id ?? student.curator_id))),
      htUserStatusP1: main?.status_p1 ?? '',
      htUserDateP1: date(main?.p1_finished_at ?? null),
      htUserTimeP1: time(main?.p1_finished_at ?? null),
      htUserBallovP1: main?.points_p1 ?? null,
      htUserMaxballovP1: homework.p1_max,
      htUserStatusP1Dop: dop?.status_p1 ?? '',
      htUserDateP1Dop: date(dop?.p1_finished_at ?? null),
      htUserTimeP1Dop: time(dop?.p1_finished_at ?? null),
      htUserBallovP1Dop: dop?.points_p1 ?? null,
      htUserMaxballovP1Dop: homework.dop_p1_max,
      htUserStatusP2: main?.status_p2 ?? '',
      htUserDateP2: date(main?.p2_submitted_at ?? null),
      htUserTimeP2: time(main?.p2_submitted_at ?? null),
      htUserBallovP2: main?.points_p2 ?? null,
      htUserMaxballovP2: homework.p2_max,
      withMistakeWork: student.with_mistake_work === 1 ? '1' : '0',
      withCheck: homework.p2_self_check === 1 ? '0' : '1',
      isLate: main?.p2_late === 1 ? '1' : '0',
      p2CheckedCount: checked.filter((row) => row.user_id === student.id).length,
    };
    users.push(row);
    order.set(row, [mine ? 0 : 1, waiting ? (main?.p2_submitted_at ?? 0) : Infinity, position]);
  }
  users.sort((a, b) => {
    const [x, y] = [order.get(a)!, order.get(b)!];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  return { users, homeTask: homeworkView(homework), crossCheck: await crossCheckOf(db, htNum, ids) };
}

/** The student a key names, if the user may check them; refuses otherwise. */
export async function checkableStudent(db: Db, user: CurrentUser, key: string): Promise<UserRow> {
  const student = await findUserByKey(db, key);
  if (!student || isOneOf(STAFF_TYPES, student.user_type)) fail(T.noStudent);
  if (!(await mayCheckStudent(user, student))) fail(T.notYours);
  return student;
}

export async function resultP1(db: Db, user: CurrentUser, htNum: number, isDop: 0 | 1, key: string) {
  await loadHomework(db, htNum);
  const student = await checkableStudent(db, user, key);
  const progress = await db.selectFrom('user_homeworks').select('status_p1').where('user_id', '=', student.id).where('ht_num', '=', htNum).where('is_dop', '=', isDop).executeTakeFirst();
  if (!progress || progress.status_p1 === '') fail(T.noWork);
  const questions = await db
    .selectFrom('homework_questions_p1')
    .innerJoin('questions_p1', 'questions_p1.id', 'homework_questions_p1.question_id')
    .leftJoin('homework_answers_p1', (join) =>
      join
        .onRef('homework_answers_p1.ht_num', '=', 'homework_questions_p1.ht_num')
        .onRef('homework_answers_p1.is_dop', '=', 'homework_questions_p1.is_dop')
        .onRef('homework_answers_p1.q_number', '=', 'homework_questions_p1.q_number')
        .on('homework_answers_p1.user_id', '=', student.id),
    )
    .select([
      'homework_questions_p1.q_number',
      'questions_p1.id',
      'questions_p1.ege_num',
      'questions_p1.q_json',
      'homework_answers_p1.user_answer',
      'homework_answers_p1.points',
      'homework_answers_p1.max_points',
    ])
    .where('homework_questions_p1.ht_num', '=', htNum)
    .where('homework_questions_p1.is_dop', '=', isDop)
    .orderBy('homework_questions_p1.q_number')
    .execute();
  const list = questions.map((row) => ({
    qNumber: row.q_number,
    qId: row.id,
    qEgeNum: row.ege_num,
    qQuestion: row.q_json,
    userAnswer: row.user_answer ?? '',
    userBall: row.points ?? null,
    realBall: row.max_points ?? 0,
  }));
  return {
    questions: list,
    user: { userName: student.name, userSurname: student.surname, userVkId: publicUserKey(student), htUserStatusP1: progress.status_p1 },
    sums: { userBall: list.reduce((sum, row) => sum + (row.userBall ?? 0), 0), realBall: list.reduce((sum, row) => sum + row.realBall, 0) },
  };
}

export function parseSegments(json: string): Record<string, CommentSegment> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, CommentSegment>) : {};
  } catch {
    return {};
  }
}

export async function questionsP2(db: Db, htNum: number) {
  return db
    .selectFrom('homework_questions_p2')
    .innerJoin('questions_p2', 'questions_p2.id', 'homework_questions_p2.question_id')
    .select([
      'homework_questions_p2.q_number',
      'questions_p2.id',
      'questions_p2.question',
      'questions_p2.task_number',
      'questions_p2.max_points',
      'questions_p2.criteria',
      'questions_p2.explanation_markdown',
    ])
    .where('homework_questions_p2.ht_num', '=', htNum)
    .where('homework_questions_p2.is_dop', '=', 0)
    .orderBy('homework_questions_p2.q_number')
    .execute();
}

/**
 * Part 2 result items. 'userVkId:{key}': one student's work, every task (onlyChecked '1' keeps the
 * checked ones). 'taskNum:{n}': question n of every visible submitted ('Готово') work, unchecked
 * ones for onlyChecked '0' and checked ones for '1' (the batch view marks or resets them).
 */
export async function resultP2(db: Db, user: CurrentUser, htNum: number, type: string, onlyChecked: boolean): Promise<ResultP2Item[]> {
  const homework = await loadHomework(db, htNum);
  const questions = await questionsP2(db, htNum);
  const byTask = await criteriaByTask(db, questions.map((question) => question.task_number));
  let students: UserRow[];
  let taskFilter: number | undefined;
  if (type.startsWith('userVkId:')) {
    students = [await checkableStudent(db, user, type.slice('userVkId:'.length))];
  } else {
    taskFilter = Number(type.slice('taskNum:'.length));
    if (!questions.some((question) => question.q_number === taskFilter)) fail(T.unknownTask.replace('{num}', String(taskFilter)));
    students = await visibleStudents(db, user);
  }
  const ids = students.map((student) => student.id);
  if (ids.length === 0) return [];
  const progress = await db.selectFrom('user_homeworks').selectAll().where('ht_num', '=', htNum).where('is_dop', '=', 0).where('user_id', 'in', ids).execute();
  if (taskFilter === undefined && !progress.some((row) => row.status_p2 !== '')) fail(T.noWork);
  const answers = await db.selectFrom('homework_answers_p2').selectAll().where('ht_num', '=', htNum).where('is_dop', '=', 0).where('user_id', 'in', ids).execute();
  const checkerIds = [...new Set(progress.map((row) => row.p2_checker_id).filter((id): id is number => id !== null))];
  const checkers = checkerIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'vk_id', 'surname', 'name']).where('id', 'in', checkerIds).execute();
  const items: ResultP2Item[] = [];
  for (const student of students) {
    const work = progress.find((row) => row.user_id === student.id);
    if (!work || work.status_p2 === '') continue;
    if (taskFilter !== undefined && work.status_p2 !== 'Готово') continue;
    const checker = checkers.find((row) => row.id === work.p2_checker_id);
    const workVersion = workVersionOf(work, answers.filter((row) => row.user_id === student.id));
    for (const question of questions) {
      if (taskFilter !== undefined && question.q_number !== taskFilter) continue;
      const answer = answers.find((row) => row.user_id === student.id && row.q_number === question.q_number);
      const isChecked = answer?.is_checked === 1;
      if ((onlyChecked || taskFilter !== undefined) && isChecked !== onlyChecked) continue;
      items.push({
        htNumber: htNum,
        userVkId: publicUserKey(student),
        qNumber: question.q_number,
        qTaskNumber: question.task_number,
        qId: question.id,
        q2Question: question.question,
        userName: student.name,
        userSurname: student.surname,
        userAnswer: answer?.user_answer ?? '',
        userGoalBall: student.goal_ball,
        realBall: question.max_points,
        userBall: answer?.points ?? null,
        teacherComment: answer?.teacher_comment ?? '',
        teacherJson: parseSegments(answer?.teacher_json ?? '{}'),
        isChecked: isChecked ? '1' : '0',
        criteria: criteriaViews(questionCriteria(byTask, question)),
        criteriaBalls: parseCriteriaPoints(answer?.criteria_points ?? '{}'),
        qCriteria: question.criteria,
        qReference: question.explanation_markdown,
        htUserStatusP2: work.status_p2 as ResultP2Item['htUserStatusP2'],
        checker: fullName(checker),
        htUserChecker: checker ? publicUserKey(checker) : '',
        htInfo: { htDeadline: homework.deadline_at === null ? '' : formatMoscowDateTime(homework.deadline_at), htUserCheckDate: work.p2_checked_at === null ? '' : formatMoscowDateTime(work.p2_checked_at) },
        htUserSubmitDate: work.p2_submitted_at === null ? '' : formatMoscowDateTime(work.p2_submitted_at),
        isLate: work.p2_late === 1 ? '1' : '0',
        workVersion,
      });
    }
  }
  return items;
}
