import type { Db } from '../../db';

/**
 * Who sees transcription progress: everyone who edits videos (admins and USERS_VIDEO_EDITORS),
 * so progress reaches the screen on whichever instance it is open.
 */
export async function videoEditorIds(db: Db): Promise<number[]> {
  const [admins, members] = await Promise.all([
    db.selectFrom('users').select('id').where('user_type', '=', 'Админ').where('blocked', '=', 0).execute(),
    db.selectFrom('permission_group_members').select('user_id').where('group_name', '=', 'USERS_VIDEO_EDITORS').execute(),
  ]);
  return [...new Set([...admins.map((row) => row.id), ...members.map((row) => row.user_id)])];
}
