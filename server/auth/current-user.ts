import type { IconKey, PermissionGroup } from '../../src/shared/domain/icons';
import { effectiveUserType, isUserType, type UserType } from '../../src/shared/domain/user-types';
import type { AccessRule } from '../../src/shared/contract/access';
import type { Db } from '../db';
import type { UserRow } from '../db/schema';
import { iconAllowed, type IconRule, type IconSubject } from './icon-rules';

/** The signed-in user as every handler sees them. */
export interface CurrentUser {
  id: number;
  row: UserRow;
  /** The type that decides access now (an expired demo is 'Неактивный'). */
  type: UserType;
  /** Permission groups, loaded on first use: most calls (a student's) never need them. */
  groups(): Promise<ReadonlySet<PermissionGroup>>;
}

export async function loadCurrentUser(db: Db, userId: number, now: number): Promise<CurrentUser | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  return row ? currentUserFromRow(db, row, now) : undefined;
}

/** The current user from an already loaded row (the session query brings it); undefined if blocked. */
export async function currentUserFromRow(db: Db, row: UserRow, now: number): Promise<CurrentUser | undefined> {
  if (row.blocked === 1) return undefined;
  let groups: Promise<ReadonlySet<PermissionGroup>> | undefined;
  return {
    id: row.id,
    row,
    type: userTypeNow(row, now),
    groups: () =>
      (groups ??= db
        .selectFrom('permission_group_members')
        .select('group_name')
        .where('user_id', '=', row.id)
        .execute()
        .then((rows) => new Set(rows.map((membership) => membership.group_name as PermissionGroup)))),
  };
}

/** The type that decides access now: an unknown stored type is 'Неактивный', an expired demo too. */
export function userTypeNow(row: Pick<UserRow, 'user_type' | 'demo_until'>, now: number): UserType {
  return effectiveUserType(isUserType(row.user_type) ? row.user_type : 'Неактивный', row.demo_until, now);
}

/** What icon rules are evaluated against. */
export async function iconSubject(user: CurrentUser): Promise<IconSubject> {
  return { type: user.type, groups: await user.groups() };
}

/** Evaluates a contract's access rule for a user; the icons rule uses the same config as the flags. */
export async function accessAllowed(rule: AccessRule, user: CurrentUser | null, icons: ReadonlyMap<IconKey, IconRule>): Promise<boolean> {
  switch (rule.kind) {
    case 'public':
      return true;
    case 'signedIn':
      return user !== null;
    case 'types':
      return user !== null && rule.types.includes(user.type);
    case 'icon':
      return user !== null && iconAllowed(icons.get(rule.icon), await iconSubject(user));
    case 'group':
      return user !== null && (await user.groups()).has(rule.group);
    case 'anyOf':
      for (const inner of rule.rules) if (await accessAllowed(inner, user, icons)) return true;
      return false;
  }
}

/** True when evaluating the rule needs the icons configuration. */
export function ruleUsesIcons(rule: AccessRule): boolean {
  return rule.kind === 'icon' || (rule.kind === 'anyOf' && rule.rules.some(ruleUsesIcons));
}
