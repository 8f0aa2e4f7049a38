import { DEFAULT_PROCESS_ACCESS, PROCESS_ACCESS_TYPES, type ProcessAccessType } from '../../../src/shared/domain/standards';
import type { PermissionGroup } from '../../../src/shared/domain/icons';
import type { CurrentUser } from '../../auth/current-user';
import { userTypeNow } from '../../auth/current-user';
import { iconAllowed } from '../../auth/icon-rules';
import type { Db } from '../../db';
import type { Services } from '../../services';
import { isOneOf } from '../../../src/shared/guards';

/**
 * Who may do what with the standards of a process (back-office §6): an admin manages every
 * process; anyone else has the level stored for them, or 'Просмотр' when nothing is stored.
 */

export interface StaffMember {
  id: number;
  name: string;
  tgNickname: string;
  vkId: string;
  isAdmin: boolean;
}

const fullName = (row: { surname: string; name: string }) => `${row.surname} ${row.name}`.trim() || 'Имя не задано';

function isAccessType(value: string): value is ProcessAccessType {
  return isOneOf(PROCESS_ACCESS_TYPES, value);
}

/** The caller's view of every process: answers "what is my level here" without more queries. */
export interface Viewer {
  user: CurrentUser;
  isAdmin: boolean;
  accessTo(process: string): ProcessAccessType;
  /** Processes where a stored level is 'Менеджер' (admins manage all of them anyway). */
  managedProcesses: string[];
  /** Processes the caller may not see at all. */
  hiddenProcesses: string[];
}

export async function viewerOf(db: Db, user: CurrentUser): Promise<Viewer> {
  const rows = await db.selectFrom('standard_process_access').select(['process', 'access_type']).where('user_id', '=', user.id).execute();
  const stored = new Map<string, ProcessAccessType>();
  for (const row of rows) if (isAccessType(row.access_type)) stored.set(row.process, row.access_type);
  const isAdmin = user.type === 'Админ';
  return {
    user,
    isAdmin,
    accessTo: (process) => (isAdmin ? 'Менеджер' : stored.get(process) ?? DEFAULT_PROCESS_ACCESS),
    managedProcesses: [...stored].filter(([, type]) => type === 'Менеджер').map(([process]) => process),
    hiddenProcesses: isAdmin ? [] : [...stored].filter(([, type]) => type === 'Нет').map(([process]) => process),
  };
}

/**
 * Everyone who can open the standards screen (the 'standards' button rule, evaluated like the
 * display flags), not blocked: the people who must learn the standards.
 */
export async function staffMembers(services: Services): Promise<StaffMember[]> {
  const rule = (await services.iconRules.get()).get('standards');
  const now = services.clock.now();
  const users = await services.db
    .selectFrom('users')
    .select(['id', 'surname', 'name', 'tg_nickname', 'vk_id', 'user_type', 'demo_until'])
    .where('blocked', '=', 0)
    .orderBy('surname')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const memberships = await services.db.selectFrom('permission_group_members').select(['user_id', 'group_name']).execute();
  const groups = new Map<number, Set<PermissionGroup>>();
  for (const row of memberships) {
    const set = groups.get(row.user_id) ?? new Set<PermissionGroup>();
    set.add(row.group_name as PermissionGroup);
    groups.set(row.user_id, set);
  }
  return users
    .map((row) => ({ row, type: userTypeNow(row, now) }))
    .filter(({ row, type }) => iconAllowed(rule, { type, groups: groups.get(row.id) ?? new Set() }))
    .map(({ row, type }) => ({ id: row.id, name: fullName(row), tgNickname: row.tg_nickname, vkId: row.vk_id ?? '', isAdmin: type === 'Админ' }));
}

/** Stored levels of every user for the given processes: process → user id → level. */
export async function storedAccess(db: Db, processes: readonly string[]): Promise<Map<string, Map<number, ProcessAccessType>>> {
  const result = new Map<string, Map<number, ProcessAccessType>>();
  if (processes.length === 0) return result;
  const rows = await db.selectFrom('standard_process_access').select(['process', 'user_id', 'access_type']).where('process', 'in', [...processes]).execute();
  for (const row of rows) {
    if (!isAccessType(row.access_type)) continue;
    const users = result.get(row.process) ?? new Map<number, ProcessAccessType>();
    users.set(row.user_id, row.access_type);
    result.set(row.process, users);
  }
  return result;
}

/** One staff member's level in a process, given the stored levels of that process. */
export function memberAccess(member: StaffMember, stored: ReadonlyMap<number, ProcessAccessType> | undefined): ProcessAccessType {
  return member.isAdmin ? 'Менеджер' : stored?.get(member.id) ?? DEFAULT_PROCESS_ACCESS;
}
