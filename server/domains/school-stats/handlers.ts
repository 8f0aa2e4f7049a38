import { schoolStats } from '../../../src/shared/contract';
import { STAFF_TYPES } from '../../../src/shared/domain/user-types';
import { seesEveryone } from '../../auth/student-scope';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { fullName } from '../../../src/shared/domain/user-names';
import { chapterStatistics } from '../rating/mastery';
import { userTypeNow } from '../../auth/current-user';
import { publicUserKey } from '../../users/user-key';
import { schoolFigures } from './school-figures';
import { isOneOf } from '../../../src/shared/guards';

/** Students one curator statistic ranks at most. */
const RANKED_MAX = 300;

/** A curator asking for another curator's students: refused, as the CRM refuses those people. */
export const ONLY_OWN_STUDENTS = 'Можно смотреть статистику только своих учеников.';

export const schoolStatsHandlers = [
  implement(schoolStats.getListCurators, async (ctx, { onlyCurators }) => {
    const types = onlyCurators === '1' ? ['Куратор'] : ['Куратор', 'Админ'];
    // A curator may open only their own list, so the select offers only them (back-office §6).
    const everyone = await seesEveryone(ctx.user);
    const rows = await ctx.services.db
      .selectFrom('users')
      .select(['id', 'name', 'surname'])
      .where('user_type', 'in', types)
      .where('blocked', '=', 0)
      .$if(!everyone, (qb) => qb.where('id', '=', ctx.user.id))
      .orderBy('surname')
      .orderBy('name')
      .execute();
    return { curators: rows.map((row) => ({ curatorId: String(row.id), curatorFullName: fullName(row) })) };
  }),

  implement(schoolStats.getUsersStatistics, async (ctx, { curatorId }) => {
    const { db } = ctx.services;
    if (curatorId !== ctx.user.id && !(await seesEveryone(ctx.user))) fail(ONLY_OWN_STUDENTS);
    const curator = await db.selectFrom('users').select(['id', 'name', 'surname', 'user_type']).where('id', '=', curatorId).executeTakeFirst();
    if (!curator || !isOneOf(STAFF_TYPES, curator.user_type)) fail('Куратор не найден.');
    const students = await db
      .selectFrom('users')
      .select(['id', 'vk_id', 'name', 'surname', 'tg_nickname', 'user_type', 'demo_until'])
      .where('curator_id', '=', curator.id)
      .where('blocked', '=', 0)
      .where('user_type', 'not in', STAFF_TYPES)
      .orderBy('id')
      .limit(RANKED_MAX)
      .execute();
    const now = ctx.services.clock.now();
    const scored = await Promise.all(
      students.map(async (student) => {
        const { solvedPercent, expectedPercent, expectedSolvedPercent, pace } = await chapterStatistics(db, { id: student.id, type: userTypeNow(student, now) }, now);
        return { student, percent: solvedPercent, expectedProgress: { expectedPercent, expectedSolvedPercent, pace } };
      }),
    );
    scored.sort((a, b) => b.percent - a.percent || a.student.surname.localeCompare(b.student.surname, 'ru') || a.student.id - b.student.id);
    return {
      usersStatistics: scored.map(({ student, percent, expectedProgress }, index) => ({
        userId: publicUserKey(student),
        userName: student.name,
        userSurname: student.surname,
        tgNickname: student.tg_nickname,
        curatorFullName: fullName(curator),
        place: index + 1,
        solvedPercent: percent,
        ...expectedProgress,
      })),
    };
  }),

  implement(schoolStats.getSchoolStatistics, async (ctx) => schoolFigures(ctx.services.db, ctx.services.dialect, ctx.services.clock.now())),
];
