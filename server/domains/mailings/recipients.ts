import type { MailingChannel } from '../../../src/shared/contract/mailings';
import type { Db } from '../../db';

export interface Recipient {
  userId: number;
  address: string;
}

const STUDENTS = ['Ученик', 'Интенсив', 'Частичный', 'Подписка', 'Пакетник'];
const TYPE_GROUPS: Record<string, string> = { Куратор: 'Куратор', Частичный: 'Частичный', Интенсив: 'Интенсив', Неактивный: 'Неактивный', Подписка: 'Подписка', Демо: 'Демо' };

/**
 * Who a mailing reaches (back-office §3 receiver groups), each with the address the channel needs:
 * the Telegram chat id for both bots, the VK id for VK, the user id for the free app. Users without
 * that address cannot be reached and are not counted. 'Тест' is the sender themself; 'Выпускник'
 * are former students (inactive now, with a course start date).
 */
export async function resolveRecipients(db: Db, channel: MailingChannel, group: string, nicknames: readonly string[], initiatorId: number | null): Promise<Recipient[]> {
  let query = db.selectFrom('users').select(['id', 'tg_id', 'vk_id']).where('blocked', '=', 0);
  if (channel === 'MAIN' || channel === 'TERMINS') query = query.where('tg_id', 'is not', null).where('tg_id', '!=', '');
  if (channel === 'VK') query = query.where('vk_id', 'is not', null).where('vk_id', '!=', '');
  if (channel === 'FREE_APP' && group !== 'All') {
    const pattern = group === 'Android' ? '%Android%' : '%iPhone%';
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions')
          .select('sessions.device')
          .whereRef('sessions.user_id', '=', 'users.id')
          .where('sessions.revoked_at', 'is', null)
          .where((inner) => inner.or([inner('sessions.user_agent', 'like', pattern), ...(group === 'IOs' ? [inner('sessions.user_agent', 'like', '%iPad%')] : [])])),
      ),
    );
  }
  switch (group) {
    case 'Все ученики':
      query = query.where('user_type', 'in', STUDENTS);
      break;
    case 'Всем кроме учеников':
      query = query.where('user_type', 'not in', STUDENTS);
      break;
    case 'Тест':
      query = query.where('id', '=', initiatorId ?? -1);
      break;
    case 'Выпускник':
      query = query.where('user_type', '=', 'Неактивный').where('course_start_date', 'is not', null);
      break;
    case 'Никнейм ТГ': {
      const wanted = [...new Set(nicknames.map((nick) => nick.trim().replace(/^@/, '').toLowerCase()).filter(Boolean))];
      if (wanted.length === 0) return [];
      const rows = await query.select('tg_nickname').execute();
      return rows.filter((row) => wanted.includes(row.tg_nickname.toLowerCase())).map((row) => ({ userId: row.id, address: row.tg_id! }));
    }
    case 'Всем':
    case 'All':
    case 'Android':
    case 'IOs':
      break;
    default: {
      const type = TYPE_GROUPS[group];
      if (!type) return [];
      query = query.where('user_type', '=', type);
    }
  }
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    userId: row.id,
    address: channel === 'VK' ? row.vk_id! : channel === 'FREE_APP' ? String(row.id) : row.tg_id!,
  }));
}
