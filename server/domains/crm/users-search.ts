import { sql, type ExpressionBuilder } from 'kysely';
import { USER_TYPE_FILTERS, USERS_LIST_LIMIT, type QueryType, type UsersListItem } from '../../../src/shared/contract/crm';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { findUserByKey, publicUserKey } from '../../users/user-key';
import { seesEveryone } from '../../auth/student-scope';

type UsersEb = ExpressionBuilder<Database & { cur: Database['users'] }, 'users' | 'cur'>;

/** LIKE with the user's text taken literally (% and _ escaped). */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The spellings a name search tries: SQLite folds case only for Latin letters, so Cyrillic 'егор'
 * is also looked up as 'Егор' and 'ЕГОР'; PostgreSQL's ILIKE would find them anyway.
 */
function spellings(word: string): string[] {
  const lower = word.toLocaleLowerCase('ru');
  const capital = lower.charAt(0).toLocaleUpperCase('ru') + lower.slice(1);
  return [...new Set([word, lower, capital, word.toLocaleUpperCase('ru')])];
}

function nameMatches(eb: UsersEb, word: string) {
  const patterns = spellings(word).map((spelling) => `%${literal(spelling)}%`);
  return eb.or(
    ['users.surname', 'users.name', 'users.patronymic', 'users.login', 'users.email'].flatMap((column) =>
      patterns.map((pattern) => eb(sql.ref(column), 'like', sql<string>`${pattern} escape '\\'`)),
    ),
  );
}

/** get_users.php: the back office's user search within what the viewer may see (§2.6). */
export async function searchUsers(db: Db, viewer: CurrentUser, queryType: QueryType, queryBody: string): Promise<{ users: UsersListItem[]; limited: boolean }> {
  let query = db
    .selectFrom('users')
    .leftJoin('users as cur', 'cur.id', 'users.curator_id')
    .select([
      'users.id',
      'users.vk_id',
      'users.name',
      'users.surname',
      'users.user_type',
      'users.tg_nickname',
      'users.tariff_num',
      'users.oral_credit',
      'users.with_mistake_work',
      'cur.name as cur_name',
      'cur.surname as cur_surname',
    ]);
  if (!(await seesEveryone(viewer))) {
    query = query.where((eb) => eb.or([eb('users.curator_id', '=', viewer.id), eb('users.curator_dz_id', '=', viewer.id), eb('users.curator_zach_id', '=', viewer.id)]));
  }
  const body = queryBody.trim();
  if (queryType === 'search' && body !== '') {
    const tg = /^tg:\s*@?(.*)$/i.exec(body);
    if (tg) {
      const nick = tg[1]!.trim().toLowerCase();
      if (!/^[a-z0-9_]{1,64}$/.test(nick)) fail('Никнейм Telegram: латиница, цифры и _ после «tg:».');
      query = query.where(sql`lower(users.tg_nickname)`, 'like', sql<string>`${`${literal(nick)}%`} escape '\\'`);
    } else if (/^(\d{1,20}|id\d{1,15})$/.test(body)) {
      const found = await findUserByKey(db, body);
      const byVk = /^\d+$/.test(body) ? body : null;
      query = query.where((eb) => eb.or([eb('users.id', '=', found?.id ?? -1), ...(byVk ? [eb('users.vk_id', '=', byVk)] : [])]));
    } else {
      for (const word of body.split(/\s+/).slice(0, 4)) query = query.where((eb) => nameMatches(eb as unknown as UsersEb, word));
    }
  } else if (queryType === 'userType') {
    const type = USER_TYPE_FILTERS[body as keyof typeof USER_TYPE_FILTERS];
    if (!type) fail(`Неизвестный тип пользователя: ${body}`);
    query = query.where('users.user_type', '=', type);
  } else if (queryType === 'curator' && body !== 'all' && body !== '') {
    let curatorId = viewer.id;
    if (body !== '0') {
      const curator = await findUserByKey(db, body);
      if (!curator) fail('Куратор не найден.');
      curatorId = curator.id;
    }
    query = query.where((eb) => eb.or([eb('users.curator_id', '=', curatorId), eb('users.curator_dz_id', '=', curatorId), eb('users.curator_zach_id', '=', curatorId)]));
  }
  const rows = await query.orderBy('users.surname').orderBy('users.name').orderBy('users.id').limit(USERS_LIST_LIMIT + 1).execute();
  return {
    limited: rows.length > USERS_LIST_LIMIT,
    users: rows.slice(0, USERS_LIST_LIMIT).map((row) => ({
      userVkId: publicUserKey(row),
      userName: row.name,
      userSurname: row.surname,
      userType: row.user_type,
      userTgNickname: row.tg_nickname,
      regTimediff: '0',
      userTarifNum: row.tariff_num === null ? '' : String(row.tariff_num),
      curator: row.cur_surname !== null ? `${row.cur_surname} ${row.cur_name ?? ''}`.trim() : '',
      userZachet: String(row.oral_credit),
      withMistakeWork: String(row.with_mistake_work),
    })),
  };
}
