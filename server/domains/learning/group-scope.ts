import { GROUP_MAX_STUDENTS, LEARNING_TEXTS } from '../../../src/shared/contract/learning';
import { STAFF_TYPES } from '../../../src/shared/domain/user-types';
import type { CurrentUser } from '../../auth/current-user';
import { maySeeStudent, seesEveryone } from '../../auth/student-scope';
import { fail, MESSAGES } from '../../contract/errors';
import type { Db } from '../../db';
import { findUserByKey, publicUserKey } from '../../users/user-key';
import type { LearningStudent } from './student-learning';

/** The columns of a learning row, with the main curator's name. */
function learningColumns(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('users as cur', 'cur.id', 'users.curator_id')
    .select(['users.id', 'users.vk_id', 'users.name', 'users.surname', 'users.goal_ball', 'users.created_at', 'cur.name as cur_name', 'cur.surname as cur_surname']);
}

/** Students who study now: no staff, no former or blocked students. */
function studentQuery(db: Db) {
  return learningColumns(db).where('users.user_type', 'not in', [...STAFF_TYPES, 'Неактивный']).where('users.blocked', '=', 0);
}

/**
 * The group a viewer asks for (server/auth/student-scope.ts): a curator always gets their own
 * students (in any of the three curator roles), an admin or a main manager everyone or one
 * curator's. At most GROUP_MAX_STUDENTS, by surname; `limited` tells there were more.
 */
export async function groupStudents(db: Db, viewer: CurrentUser, curatorKey: string): Promise<{ students: LearningStudent[]; limited: boolean; everyone: boolean }> {
  const everyone = await seesEveryone(viewer);
  let curatorId: number | null = everyone ? null : viewer.id;
  if (curatorKey !== '') {
    const found = await findUserByKey(db, curatorKey);
    if (!found) fail(LEARNING_TEXTS.curatorNotFound);
    if (!everyone && found.id !== viewer.id) fail(MESSAGES.forbidden);
    curatorId = found.id;
  }
  let query = studentQuery(db);
  if (curatorId !== null) {
    const id = curatorId;
    query = query.where((eb) => eb.or([eb('users.curator_id', '=', id), eb('users.curator_dz_id', '=', id), eb('users.curator_zach_id', '=', id)]));
  }
  const rows = await query.orderBy('users.surname').orderBy('users.name').orderBy('users.id').limit(GROUP_MAX_STUDENTS + 1).execute();
  return { students: rows.slice(0, GROUP_MAX_STUDENTS), limited: rows.length > GROUP_MAX_STUDENTS, everyone };
}

/** One student for the CRM card, refused like the card itself when the viewer may not see her. */
export async function visibleStudent(db: Db, viewer: CurrentUser, userKey: string): Promise<LearningStudent> {
  const target = await findUserByKey(db, userKey);
  if (!target) fail(LEARNING_TEXTS.notFound);
  if (!(await maySeeStudent(viewer, target))) fail(MESSAGES.forbidden);
  return learningColumns(db).where('users.id', '=', target.id).executeTakeFirstOrThrow();
}

/** The curators an admin may filter the group by. */
export async function curatorChoices(db: Db): Promise<Array<{ userVkId: string; name: string }>> {
  const rows = await db.selectFrom('users').select(['id', 'vk_id', 'name', 'surname']).where('user_type', '=', 'Куратор').where('blocked', '=', 0).orderBy('surname').orderBy('name').execute();
  return rows.map((row) => ({ userVkId: publicUserKey(row), name: `${row.surname} ${row.name}` }));
}
