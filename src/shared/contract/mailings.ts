import { z } from 'zod';
import { access } from './access';
import { live, push, upload } from './core';
import { intLike, safeString } from './fields';
import { isOneOf } from '../guards';

/**
 * Mailings (back-office §2.5, §3 'Mailing', 'Mailing bots and receiver groups', §4 statuses, §5
 * validation, §7.2 /mailing/*, §7.3 /go/mailing/create_image). Sending is a durable job with one
 * delivery row per recipient, so nobody gets a mailing twice. Everything needs the 'tgMailing'
 * button (admins and the senders' groups).
 */

const senders = access.icon('tgMailing');

export const MAILING_CHANNELS = ['MAIN', 'TERMINS', 'FREE_APP', 'VK'] as const;
export type MailingChannel = (typeof MAILING_CHANNELS)[number];
export const TG_BOTS = ['MAIN', 'TERMINS'] as const;
export type TgBot = (typeof TG_BOTS)[number];

/** §3 receiver groups per bot, in the spec's order. */
export const RECEIVER_GROUPS = {
  MAIN: ['Все ученики', 'Куратор', 'Тест', 'Частичный', 'Интенсив', 'Выпускник', 'Неактивный', 'Подписка', 'Демо', 'Никнейм ТГ'],
  TERMINS: ['Всем', 'Всем кроме учеников', 'Тест', 'Никнейм ТГ', 'Неактивный', 'Подписка'],
  FREE_APP: ['All', 'Android', 'IOs'],
  VK: ['Всем', 'Всем кроме учеников'],
} as const satisfies Record<MailingChannel, readonly string[]>;

export const NICKNAME_GROUP = 'Никнейм ТГ';
/** Telegram's limits: 4096 characters of text, 1024 of a photo caption. */
export const MESSAGE_MAX = 4096;
export const CAPTION_MAX = 1024;
export const MAILING_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** What a recipient's delivery says when the channel's bot is not configured on this server. */
export const NOT_CONFIGURED_REASON = 'не отправлено: бот не настроен';

/** §4 statuses as the list shows them. */
export const MAILING_STATUSES = { planned: 'Ожидание', running: 'Рассылка', ended: 'Завершена', canceled: 'Отменена' } as const;

/** Image key returned by create_image: `mailings/<random>.<ext>`. */
export const mailingImageKey = safeString().regex(/^(mailings\/[a-f0-9]{24}\.(jpg|png|gif))?$/, 'изображение не загружено');

/** §5: local Moscow date-time 'YYYY-MM-DD HH:MM:SS' (or with 'T'); '' starts now. */
const startAt = safeString()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?)?$/, 'дата и время в формате ГГГГ-ММ-ДД ЧЧ:ММ:СС')
  .default('');

const message = safeString().trim().min(1, 'не заполнено').max(MESSAGE_MAX, `не длиннее ${MESSAGE_MAX} символов`);

export const mailingItem = z.object({
  id: z.string(),
  channel: z.enum(MAILING_CHANNELS),
  status: z.enum(['Ожидание', 'Рассылка', 'Завершена', 'Отменена']),
  /** Recipients the message reached. */
  totalSent: z.number().int(),
  /** Recipients in all; the rest are waiting, failed, in the outbox or unconfirmed. */
  totalReceivers: z.number().int(),
  waiting: z.number().int(),
  failed: z.number().int(),
  /** Not sent because the channel is not configured (the outbox). */
  outbox: z.number().int(),
  /** Claimed by a sender that stopped before it knew the result: never sent again. */
  unconfirmed: z.number().int(),
  /** The outbox or failure reason, '' when none. */
  reason: z.string(),
  /** Moscow 'dd.mm.yyyy hh:mm'; endAt '' while not finished. */
  startAt: z.string(),
  endAt: z.string(),
  createdAt: z.string(),
  initiatorUserId: z.string(),
  initiatorName: z.string(),
  receiverGroup: z.string(),
  message: z.string(),
  header: z.string(),
  link: z.string(),
  imageLink: z.string(),
});
export type MailingItem = z.infer<typeof mailingItem>;

const lists = z.object({ openMailings: z.array(mailingItem), closedMailings: z.array(mailingItem) });
export type MailingLists = z.infer<typeof lists>;

export const createTgMailing = live('/mailing/create_tg_mailing', {
  input: z
    .object({
      message,
      receiverGroup: safeString().min(1, 'не заполнено').max(50),
      startAt,
      imageLink: mailingImageKey.default(''),
      fromTgBot: z.enum(TG_BOTS),
      receiversTgNicknames: z.array(safeString().trim().regex(/^@?[A-Za-z0-9_]{1,64}$/, 'никнейм из латиницы, цифр и _')).max(5000).default([]),
    })
    .refine((value) => isOneOf(RECEIVER_GROUPS[value.fromTgBot], value.receiverGroup), { message: 'нет такой группы получателей', path: ['receiverGroup'] })
    .refine((value) => value.imageLink === '' || value.message.length <= CAPTION_MAX, { message: `с изображением текст не длиннее ${CAPTION_MAX} символов`, path: ['message'] })
    .refine((value) => value.receiverGroup !== NICKNAME_GROUP || value.receiversTgNicknames.length > 0, { message: 'укажите никнеймы, по одному в строке', path: ['receiversTgNicknames'] }),
  output: z.object({}),
  access: senders,
});

export const createVkMailing = live('/mailing/create_vk_mailing', {
  input: z.object({
    message,
    receiverGroup: z.enum(RECEIVER_GROUPS.VK),
    startAt,
    imageLink: z.literal('', { message: 'изображения в рассылке ВК не поддерживаются' }).default(''),
  }),
  output: z.object({}),
  access: senders,
});

export const getGroupUsersCountTg = live('/mailing/get_group_users_count_tg', {
  input: z.object({
    fromBot: z.enum(MAILING_CHANNELS),
    group: safeString().min(1, 'не заполнено').max(50),
    receiversTgNicknames: z.array(safeString().trim().max(65)).max(5000).default([]),
  }),
  output: z.object({ count: z.number().int() }),
  access: senders,
});

const mailingId = intLike.pipe(z.number().int().min(1, 'нет такой рассылки').max(2_147_483_647, 'нет такой рассылки'));

export const cancelTgMailing = live('/mailing/cancel_tg_mailing', {
  input: z.object({ mailingId }),
  output: z.object({}),
  access: senders,
});

export const cancelVkMailing = live('/mailing/cancel_vk_mailing', {
  input: z.object({ mailingId }),
  output: z.object({}),
  access: senders,
});

export const createFreeAppMailing = live('/mailing/create_free_app_mailing', {
  input: z.object({
    header: safeString().trim().min(1, 'не заполнено').max(200, 'не длиннее 200 символов'),
    message,
    link: safeString().trim().url('ожидалась ссылка вида https://…').max(1000).refine((value) => /^https?:\/\//.test(value), 'ожидалась ссылка вида https://…'),
    receiverGroup: z.enum(RECEIVER_GROUPS.FREE_APP),
  }),
  output: z.object({}),
  access: senders,
});

/** Subscriptions: answer the lists now and push them on every change (updateMailings). */
export const triggerUpdateTgMailing = live('/mailing/trigger_update_tg_mailing', { input: z.object({}), output: lists, access: senders });
export const triggerUpdateBotTermins = live('/mailing/trigger_update_bot_termins', { input: z.object({}), output: lists, access: senders });
export const triggerUpdateVkMailingFreeBot = live('/mailing/trigger_update_vk_mailing_free_bot', {
  input: z.object({ channel: z.enum(['VK', 'FREE_APP']).default('VK') }),
  output: lists,
  access: senders,
});

/** The lists of one channel after any change: creation, progress, the end, a cancel. */
export const updateMailings = push('/mailing/update_mailings', {
  body: lists.extend({ channel: z.enum(MAILING_CHANNELS) }),
  extension: true,
});

/** A free-app mailing as the app shows it to a connected user. */
export const freeAppMessage = push('/mailing/free_app_message', {
  body: z.object({ header: z.string(), message: z.string(), link: z.string() }),
  extension: true,
});

/** §7.3 multipart: a jpeg, png or gif of at most 10 MB, checked by its bytes; returns its key. */
export const createImage = upload('/go/mailing/create_image', { access: senders });
export const createImageData = z.object({});
