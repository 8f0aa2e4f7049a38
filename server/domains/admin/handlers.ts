import { admin } from '../../../src/shared/contract';
import { SINGLE_MEMBER_GROUPS, type PermissionGroup } from '../../../src/shared/domain/icons';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import type { Db } from '../../db';

const ICONS_COMMENT =
  'Кнопка видна, если роль пользователя есть в списке разрешённых (или там «all») либо он состоит в одной из групп, ' +
  'и роль не запрещена. Запрет сильнее разрешения.';

const fullName = (row: { surname: string; name: string }) => `${row.surname} ${row.name}`.trim() || 'Имя не задано';

async function groupMembers(db: Db, group: PermissionGroup): Promise<number[]> {
  const rows = await db.selectFrom('permission_group_members').select('user_id').where('group_name', '=', group).execute();
  return rows.map((row) => row.user_id);
}

export const adminHandlers = [
  implement(admin.getAvailableIcons, async (ctx) => {
    const rules = await ctx.services.iconRules.get();
    return {
      comment: ICONS_COMMENT,
      icons: [...rules.values()].map((rule) => ({
        name: rule.key,
        title: rule.title,
        roles: rule.roles,
        exclude: rule.exclude,
        groups: rule.groups,
      })),
    };
  }),

  implement(admin.updateAvailableIcon, async (ctx, { icon, roles, exclude, groups }) => {
    const updated = await ctx.services.db
      .updateTable('icons')
      .set({ roles: JSON.stringify(roles), exclude: JSON.stringify(exclude), groups: JSON.stringify(groups) })
      .where('key', '=', icon)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) fail(`Кнопка "${icon}" не найдена.`);
    // Every instance drops its cached rules and pushes new flags to everyone connected.
    await ctx.services.live.refreshIcons('all');
    return {};
  }),

  implement(admin.getUsersForGroups, async (ctx) => {
    const { db } = ctx.services;
    const [groups, members, staff] = await Promise.all([
      db.selectFrom('permission_groups').select(['name', 'comment']).orderBy('name').execute(),
      db
        .selectFrom('permission_group_members')
        .innerJoin('users', 'users.id', 'permission_group_members.user_id')
        .select(['permission_group_members.group_name', 'users.id', 'users.surname', 'users.name'])
        .orderBy('users.surname')
        .execute(),
      db
        .selectFrom('users')
        .select(['id', 'surname', 'name'])
        .where('user_type', 'in', ['Админ', 'Куратор'])
        .where('blocked', '=', 0)
        .orderBy('surname')
        .execute(),
    ]);
    const usersForGroups: Record<string, Array<{ userId: string; userFullName: string }>> = {};
    for (const group of groups) usersForGroups[group.name] = [];
    for (const member of members) {
      usersForGroups[member.group_name]?.push({ userId: String(member.id), userFullName: fullName(member) });
    }
    return {
      groups: groups.map((group) => ({ group: group.name as PermissionGroup, comment: group.comment })),
      usersForGroups,
      users: staff.map((user) => ({ userId: String(user.id), userFullName: fullName(user) })),
    };
  }),

  implement(admin.updateGroupAccess, async (ctx, { group, usersForGroup }) => {
    const wanted = [...new Set(usersForGroup)];
    if (SINGLE_MEMBER_GROUPS.includes(group) && wanted.length > 1) fail('В этой группе может быть только один пользователь.');
    const { db } = ctx.services;
    if (wanted.length > 0) {
      const found = await db.selectFrom('users').select('id').where('id', 'in', wanted).execute();
      if (found.length !== wanted.length) fail('Пользователь не найден.');
    }
    const before = await groupMembers(db, group);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('permission_group_members').where('group_name', '=', group).execute();
      if (wanted.length > 0) {
        await trx
          .insertInto('permission_group_members')
          .values(wanted.map((userId) => ({ group_name: group, user_id: userId })))
          .execute();
      }
    });
    const changed = [...before.filter((id) => !wanted.includes(id)), ...wanted.filter((id) => !before.includes(id))];
    if (changed.length > 0) await ctx.services.live.refreshIcons(changed);
    return {};
  }),
];
