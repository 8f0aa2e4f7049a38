import { formatMoscowDateTime } from '../../../src/shared/domain/moscow-time';
import { CHECK_ASSIGNMENT_TIMEOUT_MS, TRAIN_P2_TEXTS as T, type CheckRow, type CheckStatus, type TableType } from '../../../src/shared/contract/train-p2';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { publicUserKey } from '../../users/user-key';

/**
 * The checks tables: what I checked for classmates, how classmates checked me, how the AI checked
 * me. A student reads only their own answers and the ones assigned to them to check.
 */

const MODE_OF: Record<TableType, string> = { checkedByMe: 'checkByClassmates', checkedByStudents: 'checkByClassmates', checkedByAI: 'checkByAI' };

function rowsOf(db: Db, user: CurrentUser, table: TableType) {
  let query = db
    .selectFrom('train_p2_answers')
    .innerJoin('questions_p2', 'questions_p2.id', 'train_p2_answers.question_id')
    .innerJoin('users as author', 'author.id', 'train_p2_answers.user_id')
    .leftJoin('users as checker', 'checker.id', 'train_p2_answers.checker_id')
    .select([
      'train_p2_answers.id',
      'train_p2_answers.question_id',
      'train_p2_answers.status',
      'train_p2_answers.user_answer',
      'train_p2_answers.points',
      'train_p2_answers.max_points',
      'train_p2_answers.check_comment',
      'train_p2_answers.checker_id',
      'train_p2_answers.assigned_at',
      'train_p2_answers.checked_at',
      'train_p2_answers.created_at',
      'questions_p2.task_number',
      'questions_p2.chapter',
      'questions_p2.question',
      'questions_p2.question_image',
      'author.id as author_id',
      'author.vk_id as author_vk_id',
      'author.name as author_name',
      'author.surname as author_surname',
      'checker.vk_id as checker_vk_id',
      'checker.name as checker_name',
      'checker.surname as checker_surname',
    ])
    .where('train_p2_answers.mode', '=', MODE_OF[table]);
  query = table === 'checkedByMe' ? query.where('train_p2_answers.checker_id', '=', user.id).where('train_p2_answers.status', 'in', ['waiting', 'checked']) : query.where('train_p2_answers.user_id', '=', user.id);
  return query;
}

type Row = Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number];

function statusOf(row: Row, now: number): CheckStatus {
  if (row.status === 'checked') return 'checked';
  if (row.status === 'ai_pending') return 'aiChecking';
  if (row.status === 'ai_failed') return 'aiFailed';
  const lapsed = row.assigned_at !== null && row.assigned_at < now - CHECK_ASSIGNMENT_TIMEOUT_MS;
  return row.checker_id === null || lapsed ? 'assigning' : 'checking';
}

const nameOf = (surname: string | null, name: string | null) => [surname, name].filter(Boolean).join(' ');

export async function checkTable(db: Db, user: CurrentUser, table: TableType, now: number): Promise<CheckRow[]> {
  const rows = await rowsOf(db, user, table).orderBy('train_p2_answers.created_at', 'desc').orderBy('train_p2_answers.id', 'desc').limit(200).execute();
  return rows.map((row) => {
    const status = statusOf(row, now);
    const byClassmate = table === 'checkedByStudents' && status !== 'assigning' && row.checker_id !== null;
    return {
      id: row.id,
      q2TaskNumber: row.task_number,
      q2Chapter: row.chapter,
      userDate: formatMoscowDateTime(row.created_at),
      checkDate: status === 'checked' && row.checked_at !== null ? formatMoscowDateTime(row.checked_at) : '',
      checkerId: byClassmate ? publicUserKey({ id: row.checker_id!, vk_id: row.checker_vk_id }) : '',
      checkerName: table === 'checkedByMe' ? nameOf(row.author_surname, row.author_name) : byClassmate ? nameOf(row.checker_surname, row.checker_name) : '',
      checkStatus: status,
      checkBallov: status === 'checked' ? row.points : null,
      maxBall: row.max_points,
    };
  });
}

export async function checkDetails(db: Db, user: CurrentUser, table: TableType, checkId: number, now: number) {
  const row = await rowsOf(db, user, table).where('train_p2_answers.id', '=', checkId).executeTakeFirst();
  if (!row) fail(T.checkNotFound);
  const status = statusOf(row, now);
  const checked = status === 'checked';
  return {
    q2Id: row.question_id,
    q2Chapter: row.chapter,
    q2TaskNumber: row.task_number,
    checkBallov: checked ? row.points : null,
    maxBall: row.max_points,
    userVkId: publicUserKey({ id: row.author_id, vk_id: row.author_vk_id }),
    userAnswer: row.user_answer,
    checkText: checked || status === 'aiFailed' ? row.check_comment : '',
    q2Question: row.question,
    hasImage: row.question_image.trim() !== '' ? ('1' as const) : ('0' as const),
    userName: nameOf(row.author_surname, row.author_name),
    checkerName: table === 'checkedByAI' || row.checker_id === null || status === 'assigning' ? '' : nameOf(row.checker_surname, row.checker_name),
    checkStatus: status,
  };
}
