import type { DisplayFlags } from '../../../src/shared/domain/icons';
import { iconSubject, loadCurrentUser, type CurrentUser } from '../../auth/current-user';
import { displayFlags, iconAllowed } from '../../auth/icon-rules';
import type { Services } from '../../services';

async function hiddenIcons(services: Services, userId: number): Promise<Set<string>> {
  const rows = await services.db.selectFrom('user_hidden_icons').select('icon_key').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.icon_key));
}

/** The flags of `/app_general/update_icons` for a user, or undefined if they can no longer sign in. */
export async function flagsForUser(services: Services, userId: number): Promise<DisplayFlags | undefined> {
  const user = await loadCurrentUser(services.db, userId, services.clock.now());
  if (!user) return undefined;
  const [rules, hidden, subject] = await Promise.all([services.iconRules.get(), hiddenIcons(services, userId), iconSubject(user)]);
  return displayFlags(rules, subject, hidden);
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
