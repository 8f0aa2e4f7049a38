import type { CurrentUser } from '../../auth/current-user';
import type { UserRow } from '../../db/schema';

/**
 * Who may read and check one student's work: the student's homework curator or curator, an admin,
 * or a member of USERS_EDIT_DZ (the school's extra checkers). The call-level rule (the 'homework'
 * button) lets every curator in; this narrows it to their own students.
 */
export async function mayCheckStudent(user: CurrentUser, student: Pick<UserRow, 'curator_id' | 'curator_dz_id'>): Promise<boolean> {
  if (user.type === 'Админ') return true;
  if (student.curator_dz_id === user.id || student.curator_id === user.id) return true;
  return (await user.groups()).has('USERS_EDIT_DZ');
}

/** True when the user checks every student's work (admin or USERS_EDIT_DZ), not only their own. */
export async function checksEveryone(user: CurrentUser): Promise<boolean> {
  return user.type === 'Админ' || (await user.groups()).has('USERS_EDIT_DZ');
}
