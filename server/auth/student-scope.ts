import type { UserRow } from '../db/schema';
import type { CurrentUser } from './current-user';

/**
 * Who sees which students in the back office (back-office §6), one rule for every screen that
 * lists or opens students (CRM, curator statistics, chapter statistics): an admin or a main manager
 * sees everyone, a curator only the students linked to them by any of the three curator roles.
 */
export async function seesEveryone(viewer: CurrentUser): Promise<boolean> {
  return viewer.type === 'Админ' || (await viewer.groups()).has('USERS_MAIN_MANAGERS');
}

/** True when the viewer is the student's curator in any of the three roles (main, homework, credits). */
export function isCuratorOf(viewer: CurrentUser, target: Pick<UserRow, 'curator_id' | 'curator_dz_id' | 'curator_zach_id'>): boolean {
  return [target.curator_id, target.curator_dz_id, target.curator_zach_id].includes(viewer.id);
}

/** The two together: may the viewer see this student at all. */
export async function maySeeStudent(viewer: CurrentUser, target: Pick<UserRow, 'curator_id' | 'curator_dz_id' | 'curator_zach_id'>): Promise<boolean> {
  return isCuratorOf(viewer, target) || (await seesEveryone(viewer));
}
