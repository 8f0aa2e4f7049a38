import { isPlatformHost, type TelegramAuthData } from '../../../src/shared/contract/account';
import type { Config } from '../../config';
import { fail } from '../../contract/errors';
import type { Services } from '../../services';
import { fetchTelegramUsername, TelegramApiError } from './telegram-bot-api';
import { checkTelegramLogin } from './telegram-login';
import { isUniqueViolation } from '../../db/unique-violation';

/** The same words as get_current_bot_tg, so the account page says it the same way everywhere. */
export const BOT_NOT_CONFIGURED = 'Telegram-бот не настроен на этом сервере.';
const NOT_LINKED = 'Telegram-аккаунт не привязан.';
const TAKEN = 'Этот Telegram-аккаунт уже привязан к другому пользователю.';
const NO_USERNAME = 'У Telegram-аккаунта нет имени пользователя (username). Задайте его в настройках Telegram и попробуйте ещё раз.';

function botToken(config: Config): string {
  if (!config.TELEGRAM_BOT_TOKEN) fail(BOT_NOT_CONFIGURED);
  return config.TELEGRAM_BOT_TOKEN;
}

/** Links the Telegram account of a checked widget payload to the user (set_tg_account.php). */
export async function linkTelegram(services: Services, userId: number, domain: string, data: TelegramAuthData): Promise<void> {
  const { config, db, clock } = services;
  const token = botToken(config);
  if (!isPlatformHost(domain, config.PUBLIC_URL)) fail(`Привязать Telegram можно только на сайте ${config.PUBLIC_URL}`);
  const check = checkTelegramLogin(data, token, clock.now());
  if (!check.ok) {
    if (check.reason === 'hash') fail('Данные Telegram не прошли проверку подписи. Войдите через Telegram ещё раз.');
    if (check.reason === 'stale') fail('Данные входа через Telegram устарели. Войдите через Telegram ещё раз.');
    fail('Время входа через Telegram ещё не наступило: проверьте часы устройства и попробуйте ещё раз.');
  }
  if (check.username === '') fail(NO_USERNAME);
  try {
    await db.transaction().execute(async (trx) => {
      const owner = await trx.selectFrom('users').select('id').where('tg_id', '=', check.tgId).where('id', '<>', userId).executeTakeFirst();
      if (owner) fail(TAKEN);
      await trx.updateTable('users').set({ tg_id: check.tgId, tg_nickname: check.username, updated_at: clock.now() }).where('id', '=', userId).execute();
    });
  } catch (error) {
    // Two users linking the same account at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) fail(TAKEN);
    throw error;
  }
}

/** Forgets the user's Telegram account (live /users/unlink_tg). */
export async function unlinkTelegram(services: Services, userId: number): Promise<void> {
  const result = await services.db
    .updateTable('users')
    .set({ tg_id: null, tg_nickname: '', updated_at: services.clock.now() })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('tg_id', 'is not', null), eb('tg_nickname', '<>', '')]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) fail(NOT_LINKED);
}

/** Asks Telegram for the current username of the user's linked account and stores it. */
export async function refreshTelegramNickname(services: Services, userId: number): Promise<string> {
  const { config, db, clock } = services;
  const token = botToken(config);
  const row = await db.selectFrom('users').select(['tg_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (row.tg_id === null) fail(NOT_LINKED);
  let username: string;
  try {
    username = await fetchTelegramUsername({ baseUrl: config.TELEGRAM_API_URL, token, chatId: row.tg_id, botName: config.TELEGRAM_BOT_NAME });
  } catch (error) {
    if (error instanceof TelegramApiError) fail(error.message);
    throw error;
  }
  if (username === '') fail(NO_USERNAME);
  await db.updateTable('users').set({ tg_nickname: username, updated_at: clock.now() }).where('id', '=', userId).where('tg_id', '=', row.tg_id).execute();
  return username;
}
