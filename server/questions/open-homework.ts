import { HOMEWORK_TEXTS as T } from '../../src/shared/contract/homework-p1';
import { canOpenLesson } from '../access/lesson-access';
import type { CurrentUser } from '../auth/current-user';
import { fail } from '../contract/errors';
import type { Db } from '../db';
import { preparedQuery } from '../db/prepared';

/** The homework with its lesson gate; refuses unknown homework and closed lessons. */
// Every homework call starts here (autosaves too): prepared once, not built on every call.
const homeworkQuery = preparedQuery([-424211] as const, (db, htNum: number) =>
  db
    .selectFrom('homeworks')
    .innerJoin('lessons', 'lessons.number', 'homeworks.lesson_num')
    .select(['homeworks.num', 'homeworks.lesson_num', 'homeworks.deadline_at', 'homeworks.p1_time_limit_min', 'homeworks.p2_self_check', 'homeworks.p2_time_limit_min', 'lessons.opens_at', 'lessons.demo_access', 'lessons.is_published'])
    .where('homeworks.num', '=', htNum),
);

export async function openHomework(db: Db, user: CurrentUser, htNum: number, now: number) {
  const [homework] = await homeworkQuery(db, htNum);
  if (!homework) fail(T.notFound);
  if (!canOpenLesson(user.type, homework, now)) fail(T.closed);
  return homework;
}
