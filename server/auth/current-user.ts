import type { IconKey, PermissionGroup } from '../../src/shared/domain/icons';
import { effectiveUserType, isUserType, type UserType } from '../../src/shared/domain/user-types';
import type { AccessRule } from '../../src/shared/contract/access';
import type { Db } from '../db';
import type { UserRow } from '../db/schema';
import { iconAllowed, type IconRule } from './icon-rules';

/** The signed-in user as every handler sees them. */
export interface CurrentUser {
  id: number;
  row: UserRow;
  /** The type that decides access now (an expired demo is 'Неактивный'). */
  type: UserType;
  groups: ReadonlySet<PermissionGroup>;
}

export async function loadCurrentUser(db: Db, userId: number, now: number): Promise<CurrentUser | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row || row.blocked === 1) return undefined;
  const memberships = await db
    .selectFrom('permission_group_members')
    .select('group_name')
    .where('user_id', '=', userId)
    .execute();
  const stored = isUserType(row.user_type) ? row.user_type : 'Неактивный';
  return {
    id: row.id,
    row,
    type: effectiveUserType(stored, row.demo_until, now),
    groups: new Set(memberships.map((membership) => membership.group_name as PermissionGroup)),
  };
}

/** Evaluates a contract's access rule for a user; the icons rule uses the same config as the flags. */
export function accessAllowed(rule: AccessRule, user: CurrentUser | null, icons: ReadonlyMap<IconKey, IconRule>): boolean {
  switch (rule.kind) {
    case 'public':
      return true;
    case 'signedIn':
      return user !== null;
    case 'types':
      return user !== null && rule.types.includes(user.type);
    case 'icon':
      return user !== null && iconAllowed(icons.get(rule.icon), user);
    case 'group':
      return user !== null && user.groups.has(rule.group);
    case 'anyOf':
      return rule.rules.some((inner) => accessAllowed(inner, user, icons));
  }
}

/** True when evaluating the rule needs the icons configuration. */
export function ruleUsesIcons(rule: AccessRule): boolean {
  return rule.kind === 'icon' || (rule.kind === 'anyOf' && rule.rules.some(ruleUsesIcons));
}
