import type { Selectable } from 'kysely';
import type { LearnedComment, StandardListItem } from '../../../src/shared/contract/standards';
import { isLearnedAfterChange, standardStamp, STANDARDS_TEXTS as T } from '../../../src/shared/domain/standards';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { StandardsTable } from '../../db/schema';
import type { Viewer } from './process-access';

export type StandardRow = Selectable<StandardsTable>;
/** A standard without its HTML: what lists need (the description can be long). */
export type StandardListRow = Omit<StandardRow, 'html_description'>;
const LIST_COLUMNS = ['id', 'name', 'process', 'link', 'updated_at', 'created_at', 'created_by', 'updated_by', 'deleted_at'] as const;

export interface LearningRow {
  id: number;
  standard_id: number;
  user_id: number;
  learned_at: number;
  comment: string;
}

/** A live (not removed) standard the viewer may read, or a Russian failure. */
export async function readableStandard(db: Db, viewer: Viewer, standardId: number): Promise<StandardRow> {
  const row = await db.selectFrom('standards').selectAll().where('id', '=', standardId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) fail(T.notFound);
  if (viewer.accessTo(row.process) === 'Нет') fail(T.noProcessAccess);
  return row;
}

/** Every live standard the viewer may read. */
export async function readableStandards(db: Db, viewer: Viewer): Promise<StandardListRow[]> {
  const rows = await db.selectFrom('standards').select(LIST_COLUMNS).where('deleted_at', 'is', null).execute();
  return rows.filter((row) => viewer.accessTo(row.process) !== 'Нет');
}

/** The latest learning of one user per standard. */
export async function latestLearnings(db: Db, userId: number): Promise<Map<number, LearningRow>> {
  const rows = await db
    .selectFrom('standard_learnings')
    .select(['id', 'standard_id', 'user_id', 'learned_at', 'comment'])
    .where('user_id', '=', userId)
    .orderBy('learned_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const latest = new Map<number, LearningRow>();
  for (const row of rows) if (!latest.has(row.standard_id)) latest.set(row.standard_id, { ...row, learned_at: Number(row.learned_at) });
  return latest;
}

/** The list form of a standard for the viewer: dates on the wire, learned or not, editable or not. */
export function listItemOf(row: StandardListRow, viewer: Viewer, learning: LearningRow | undefined): StandardListItem {
  const updatedAt = Number(row.updated_at);
  return {
    id: row.id,
    name: row.name,
    process: row.process,
    link: row.link,
    updatedAt: standardStamp(updatedAt),
    learnedAt: learning ? standardStamp(learning.learned_at) : '',
    canEdit: viewer.accessTo(row.process) === 'Менеджер' ? '1' : '0',
    isLearned: isLearnedAfterChange(learning?.learned_at ?? null, updatedAt) ? '1' : '0',
  };
}

/** Sorted so that editable standards come first (the §2.3 create rule looks at the first item), then by process and name. */
export function sortForViewer<T extends { canEdit: string; process: string; name: string }>(items: T[]): T[] {
  const collator = new Intl.Collator('ru');
  return items.sort((a, b) => Number(b.canEdit) - Number(a.canEdit) || collator.compare(a.process, b.process) || collator.compare(a.name, b.name));
}

/** Learned comments with their authors and standards, newest first. */
export async function learnedComments(
  db: Db,
  viewer: Viewer,
  filter: { standardId?: number; userId?: number; limit?: number },
): Promise<LearnedComment[]> {
  let query = db
    .selectFrom('standard_learnings as l')
    .innerJoin('standards as s', 's.id', 'l.standard_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.user_id', 'l.learned_at', 'l.comment', 's.id as standard_id', 's.name as standard_name', 's.process', 's.updated_at', 'u.surname', 'u.name', 'u.tg_nickname'])
    .where('s.deleted_at', 'is', null);
  if (filter.standardId !== undefined) query = query.where('l.standard_id', '=', filter.standardId);
  if (filter.userId !== undefined) query = query.where('l.user_id', '=', filter.userId);
  if (!viewer.isAdmin) {
    // Everyone reads their own comments; a manager reads all comments of the processes they manage.
    const { managedProcesses: managed, hiddenProcesses: hidden } = viewer;
    query = query.where((eb) => {
      const own = hidden.length > 0 ? eb.and([eb('l.user_id', '=', viewer.user.id), eb('s.process', 'not in', hidden)]) : eb('l.user_id', '=', viewer.user.id);
      return managed.length > 0 ? eb.or([own, eb('s.process', 'in', managed)]) : own;
    });
  }
  query = query.orderBy('l.learned_at', 'desc').orderBy('l.id', 'desc');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  const rows = await query.execute();
  return rows.map((row) => ({
    learnedCommentId: row.id,
    userName: `${row.surname} ${row.name}`.trim(),
    userTgNickname: row.tg_nickname,
    learnedAt: standardStamp(Number(row.learned_at)),
    learnedComment: row.comment,
    canEdit: row.user_id === viewer.user.id || viewer.accessTo(row.process) === 'Менеджер' ? '1' : '0',
    standardId: row.standard_id,
    standardName: row.standard_name,
    outdated: isLearnedAfterChange(Number(row.learned_at), Number(row.updated_at)) ? '0' : '1',
  }));
}

/** The latest learning of anyone on a standard (a change must be dated after it). */
export async function lastLearningAt(db: Db, standardId: number): Promise<number> {
  const row = await db
    .selectFrom('standard_learnings')
    .select((eb) => eb.fn.max('learned_at').as('last'))
    .where('standard_id', '=', standardId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last);
}
