import type { DisplayFlags, PermissionGroup } from '../../../src/shared/domain/icons';
import { iconSubject, userTypeNow, type CurrentUser } from '../../auth/current-user';
import { displayFlags, iconAllowed } from '../../auth/icon-rules';
import type { Services } from '../../services';

/** Users per query when flags are computed for many at once (far below SQLite's bound-variable limit). */
const IDS_PER_QUERY = 500;

/** Users whose flags are the same: evaluated once, pushed as one encoded message. */
export interface FlagsAudience {
  icons: DisplayFlags;
  userIds: number[];
}

async function hiddenIcons(services: Services, userId: number): Promise<Set<string>> {
  const rows = await services.db.selectFrom('user_hidden_icons').select('icon_key').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.icon_key));
}

function valuesByUser<R extends { user_id: number }>(rows: readonly R[], value: (row: R) => string): Map<number, string[]> {
  const byUser = new Map<number, string[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id);
    if (list) list.push(value(row));
    else byUser.set(row.user_id, [value(row)]);
  }
  return byUser;
}

/**
 * The flags of `/app_general/update_icons` for many users, grouped by identical flags. Three
 * queries per 500 users (not three per user), and the rules evaluated once per distinct type,
 * permission groups and hidden icons. Users who can no longer sign in (blocked, gone) are left out.
 */
export async function flagsForUsers(services: Services, userIds: readonly number[]): Promise<FlagsAudience[]> {
  const { db } = services;
  const ids = [...new Set(userIds)];
  const rules = await services.iconRules.get();
  const now = services.clock.now();
  const audiences = new Map<string, FlagsAudience>();
  for (let from = 0; from < ids.length; from += IDS_PER_QUERY) {
    const chunk = ids.slice(from, from + IDS_PER_QUERY);
    const [users, hiddenRows, groupRows] = await Promise.all([
      db.selectFrom('users').select(['id', 'user_type', 'demo_until', 'blocked']).where('id', 'in', chunk).execute(),
      db.selectFrom('user_hidden_icons').select(['user_id', 'icon_key']).where('user_id', 'in', chunk).execute(),
      db.selectFrom('permission_group_members').select(['user_id', 'group_name']).where('user_id', 'in', chunk).execute(),
    ]);
    const hidden = valuesByUser(hiddenRows, (row) => row.icon_key);
    const groups = valuesByUser(groupRows, (row) => row.group_name);
    for (const user of users) {
      if (user.blocked === 1) continue;
      const type = userTypeNow(user, now);
      const userGroups = (groups.get(user.id) ?? []).sort();
      const userHidden = (hidden.get(user.id) ?? []).sort();
      const key = JSON.stringify([type, userGroups, userHidden]);
      let audience = audiences.get(key);
      if (!audience) {
        const subject = { type, groups: new Set(userGroups as PermissionGroup[]) };
        audience = { icons: displayFlags(rules, subject, new Set(userHidden)), userIds: [] };
        audiences.set(key, audience);
      }
      audience.userIds.push(user.id);
    }
  }
  return [...audiences.values()];
}

/** The flags of `/app_general/update_icons` for a user, or undefined if they can no longer sign in. */
export async function flagsForUser(services: Services, userId: number): Promise<DisplayFlags | undefined> {
  const [audience] = await flagsForUsers(services, [userId]);
  return audience?.icons;
}

/** Icons the user may show or hide in settings: allowed to them and not fixed, in settings order. */
export async function iconsForHide(services: Services, user: CurrentUser) {
  const [rules, hidden, subject] = await Promise.all([services.iconRules.get(), hiddenIcons(services, user.id), iconSubject(user)]);
  return [...rules.values()]
    .filter((rule) => rule.hideable && iconAllowed(rule, subject))
    .sort((a, b) => a.position - b.position)
    .map((rule) => ({
      key: rule.key,
      title: rule.title,
      status: hidden.has(rule.key) ? ('0' as const) : ('1' as const),
      group: rule.group,
      chapter: rule.isGroupHead ? ('1' as const) : ('0' as const),
    }));
}
