import { CHECKING_QUEUE_PATH, landingPathFor } from '../../src/shared/domain/user-types';
import type { IconKey } from '../../src/shared/domain/icons';
import { iconSubject, type CurrentUser } from './current-user';
import { iconAllowed, type IconRule } from './icon-rules';

/**
 * Where a user lands after sign-in and on /study/. People whose work is checking
 * homework — curators and the school's extra checkers (USERS_EDIT_DZ, 'Редактируют и проверяют
 * любые ДЗ') — land on the checking queue, if the 'homework' button is open to them; everyone else
 * where shell §2.4 says ('Неактивный' → /study, others → the road).
 */
export async function landingOf(user: CurrentUser, icons: ReadonlyMap<IconKey, IconRule>): Promise<string> {
  const checker = user.type === 'Куратор' || (await user.groups()).has('USERS_EDIT_DZ');
  if (checker && iconAllowed(icons.get('homework'), await iconSubject(user))) return CHECKING_QUEUE_PATH;
  return landingPathFor(user.type);
}
