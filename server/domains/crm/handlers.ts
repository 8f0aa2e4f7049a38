import { crm } from '../../../src/shared/contract';
import { toFlag } from '../../../src/shared/contract/fields';
import { TARIFF_NAMES } from '../../../src/shared/domain/tariffs';
import { USER_TYPES } from '../../../src/shared/domain/user-types';
import { formatMoscowDateTime } from '../../../src/shared/domain/moscow-time';
import { fail, MESSAGES } from '../../contract/errors';
import { implement } from '../../contract/implement';
import type { Db } from '../../db';
import { findUserByKey, publicUserKey } from '../../users/user-key';
import { curatorDebtors } from './debtors';
import { profileOf, updateOf } from './profile';
import { seesEveryone } from '../../auth/student-scope';
import { fullName } from '../../../src/shared/domain/user-names';
import { mayEditUsers, visibleUser } from './scope';
import { searchUsers } from './users-search';

async function curatorList(db: Db) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'vk_id', 'name', 'surname'])
    .where('user_type', 'in', ['Куратор', 'Админ'])
    .where('blocked', '=', 0)
    .orderBy('surname')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ userVkId: publicUserKey(row), userName: row.name, userSurname: row.surname }));
}

export const crmHandlers = [
  implement(crm.getUsers, async (ctx, { queryType, queryBody }) => {
    const { users, limited } = await searchUsers(ctx.services.db, ctx.user, queryType, queryBody);
    return { users, limited: toFlag(limited) };
  }),

  implement(crm.getCurators, async (ctx) => ({ curators: await curatorList(ctx.services.db) })),

  implement(crm.getCuratorDebtors, async (ctx, { curatorId }) => {
    const { db, clock } = ctx.services;
    const everyone = await seesEveryone(ctx.user);
    let curator: number | null = ctx.user.id;
    if (curatorId === '') curator = everyone ? null : ctx.user.id;
    else if (curatorId !== '0') {
      const found = await findUserByKey(db, curatorId);
      if (!found) fail('Куратор не найден.');
      if (!everyone && found.id !== ctx.user.id) fail(MESSAGES.forbidden);
      curator = found.id;
    }
    return { debtors: await curatorDebtors(db, curator, clock.now()) };
  }),

  implement(crm.getUser, async (ctx, { userVkId }) => {
    const { db } = ctx.services;
    const target = await visibleUser(db, ctx.user, userVkId);
    const [user, regions, curators] = await Promise.all([
      profileOf(db, target, await mayEditUsers(ctx.user)),
      db.selectFrom('regions').select(['number', 'name']).orderBy('number').execute(),
      curatorList(db),
    ]);
    return {
      user,
      regions: regions.map((region) => ({ regionNumber: String(region.number), regionName: region.name })),
      curators,
      tarifs: Object.entries(TARIFF_NAMES).map(([tarifNumber, tarifName]) => ({ tarifNumber, tarifName })),
      userTypes: [...USER_TYPES],
    };
  }),

  implement(crm.updateUser, async (ctx, { userVkId, userSet }) => {
    const { db, clock } = ctx.services;
    const target = await visibleUser(db, ctx.user, userVkId);
    if (!(await mayEditUsers(ctx.user))) fail(MESSAGES.forbidden);
    // Staff accounts are changed in the admin settings, not from a student card.
    if (userSet.userType !== undefined && (userSet.userType === 'Админ' || target.user_type === 'Админ') && ctx.user.type !== 'Админ') fail(MESSAGES.forbidden);
    if (target.id === ctx.user.id && (userSet.userBlocked === '1' || userSet.userType !== undefined)) fail('Нельзя заблокировать себя или сменить себе тип.');
    const update = await updateOf(db, userSet);
    if (Object.keys(update).length === 0) return {};
    await db.updateTable('users').set({ ...update, updated_at: clock.now() }).where('id', '=', target.id).execute();
    if (update.user_type !== undefined || update.blocked !== undefined) await ctx.services.live.refreshIcons([target.id]);
    ctx.services.log.info(`crm: user ${target.id} changed by ${ctx.user.id}: ${Object.keys(update).join(', ')}`);
    return {};
  }),

  implement(crm.getUserCrmComment, async (ctx, { userId }) => {
    const { db } = ctx.services;
    const target = await visibleUser(db, ctx.user, userId);
    const rows = await db.selectFrom('crm_comments').selectAll().where('user_id', '=', target.id).orderBy('id').execute();
    return {
      comments: rows.map((row) => ({
        commentId: String(row.id),
        comment: row.comment,
        datetime: formatMoscowDateTime(row.created_at),
        editorId: row.editor_id === null ? '' : String(row.editor_id),
        editorFullname: row.editor_name,
      })),
    };
  }),

  implement(crm.addCrmComment, async (ctx, { userId, comment }) => {
    const { db, clock } = ctx.services;
    const target = await visibleUser(db, ctx.user, userId);
    const now = clock.now();
    const editorName = fullName(ctx.user.row);
    const row = await db
      .insertInto('crm_comments')
      .values({ user_id: target.id, editor_id: ctx.user.id, editor_name: editorName, comment, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      comment: { commentId: String(row.id), comment, datetime: formatMoscowDateTime(now), editorId: String(ctx.user.id), editorFullname: editorName },
    };
  }),
];
