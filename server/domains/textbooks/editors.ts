import { ICON_ROLE_ALL, type IconKey, type PermissionGroup } from '../../../src/shared/domain/icons';
import { userTypeNow } from '../../auth/current-user';
import { iconAllowed } from '../../auth/icon-rules';
import type { Services } from '../../services';

/**
 * Everyone an icon rule lets in now (its roles and groups, minus excluded types): who receives a
 * section's progress pushes, so they reach the screen on whichever instance it is open.
 */
export async function iconHolderIds(services: Services, icon: IconKey): Promise<number[]> {
  const rule = (await services.iconRules.get()).get(icon);
  if (!rule) return [];
  const { db, clock } = services;
  const members = rule.groups.length === 0 ? [] : await db.selectFrom('permission_group_members').select(['user_id', 'group_name']).where('group_name', 'in', rule.groups).execute();
  const memberIds = [...new Set(members.map((row) => row.user_id))];
  const roles = rule.roles.filter((role): role is Exclude<typeof role, typeof ICON_ROLE_ALL> => role !== ICON_ROLE_ALL);
  let query = db.selectFrom('users').select(['id', 'user_type', 'demo_until']).where('blocked', '=', 0);
  if (!rule.roles.includes(ICON_ROLE_ALL)) {
    if (roles.length === 0 && memberIds.length === 0) return [];
    query = query.where((eb) => eb.or([...(roles.length > 0 ? [eb('user_type', 'in', roles)] : []), ...(memberIds.length > 0 ? [eb('id', 'in', memberIds)] : [])]));
  }
  const users = await query.execute();
  const now = clock.now();
  return users
    .filter((user) => {
      const groups = new Set(members.filter((row) => row.user_id === user.id).map((row) => row.group_name));
      return iconAllowed(rule, { type: userTypeNow(user, now), groups: groups as Set<PermissionGroup> });
    })
    .map((user) => user.id);
}
