import { z } from 'zod';
import { access } from './access';
import { http, live } from './core';
import { noInput, safeString, int32, safeInteger } from './fields';

/** Personal account (shell §2.7, §3.9). */

/** Shell §3.9 'User info': every value a string, as the wire has always sent them. */
export const userInfoSchema = z.object({
  user_surname: z.string(),
  user_name: z.string(),
  user_otch: z.string(),
  reg_name: z.string(),
  user_bdate: z.string(),
  user_class_number: z.string(),
  user_tel: z.string(),
  user_email: z.string(),
  user_vk_id: z.string(),
  /** Our extension: the public user key (VK id, or id<n> without one); names the owner of data kept on the device. */
  userKey: z.string(),
  tg_nickname: z.string(),
  user_type: z.string(),
  user_tarif_num: z.string(),
  /** Monthly cost in roubles. */
  user_tarif: z.string(),
  user_zachet: z.string(),
  with_mistake_work: z.string(),
  /** Balance in roubles, the sum of the ledger. */
  bn_balance: z.string(),
  userWhenToPay: z.string(),
  user_start_course_date: z.string(),
  user_curator: z.string(),
  curator_name: z.string(),
  curator_surname: z.string(),
  user_curator_dz: z.string(),
  curator_dz_name: z.string(),
  curator_dz_surname: z.string(),
  user_goal_ball: z.string(),
  user_goal_vuz: z.string(),
  goal_budzhet: z.string(),
  user_osobennosti: z.string(),
  user_ava_link: z.string(),
});

export type UserInfo = z.infer<typeof userInfoSchema>;

export const getUserInfo = http('/app/api/user_info/get_user_info.php', {
  readOnly: true,
  input: noInput,
  output: z.object({ userInfo: userInfoSchema }),
  access: access.signedIn,
});

/* ---- Goals (shell §3.10, §5 'Goals form') ---- */

/** Study form: 0 does not matter, 1 paid, 2 budget. */
export const GOAL_BUDZHET = ['0', '1', '2'] as const;
export type GoalBudzhet = (typeof GOAL_BUDZHET)[number];

/** Spec §5 texts, verbatim; the client and the server check the same rules. */
export const GOALS_MESSAGES = {
  ballov: 'Не заполнено поле "Хочу баллов на ЕГЭ"',
  goalVuz: 'Не заполнено поле "Хочу в ВУЗ"',
  studentOsob: 'Не заполнено поле "Обо мне"',
  ballovRange: 'Поле "Хочу баллов на ЕГЭ": целое число от 0 до 100',
} as const;

export const GOAL_VUZ_MAX = 300;
export const STUDENT_OSOB_MAX = 2000;

/** The first problem of a goals form, or null when it can be saved. */
export function goalsProblem(goals: { ballov: string; goalVuz: string; studentOsob: string }): string | null {
  const ballov = goals.ballov.trim();
  if (ballov === '') return GOALS_MESSAGES.ballov;
  if (!/^\d{1,3}$/.test(ballov) || Number(ballov) > 100) return GOALS_MESSAGES.ballovRange;
  if (goals.goalVuz.trim() === '') return GOALS_MESSAGES.goalVuz;
  if (goals.studentOsob.trim() === '') return GOALS_MESSAGES.studentOsob;
  return null;
}

export const setGoals = http('/app/api/user_info/set_goals.php', {
  input: z.object({
    // Emptiness is the handler's business: it answers with the spec's own text, not a schema message.
    ballov: z.union([int32(), safeString().max(10)]).transform(String),
    goalBudzhet: z
      .union([z.enum(GOAL_BUDZHET), z.literal(''), z.literal(0), z.literal(1), z.literal(2)])
      .optional()
      .transform((value): GoalBudzhet => (value === undefined || value === '' ? '0' : (String(value) as GoalBudzhet))),
    goalVuz: safeString().max(GOAL_VUZ_MAX, `не длиннее ${GOAL_VUZ_MAX} символов`),
    studentOsob: safeString().max(STUDENT_OSOB_MAX, `не длиннее ${STUDENT_OSOB_MAX} символов`),
  }),
  output: z.object({}),
  access: access.signedIn,
});

/* ---- Messenger (shell §2.7, §3.6, §4.6) ---- */

/** The caller's own user_vk_id ('' for an account without VK): a user refreshes only their own. */
export const refreshTgNickname = http('/app/api/user_info/refresh_tg_nickname.php', {
  input: z.object({ userVkId: z.union([safeInteger().nonnegative(), safeString().trim().regex(/^\d{0,20}$/, 'ожидался id VK')]).transform(String) }),
  output: z.object({ tgNickname: z.string() }),
  access: access.signedIn,
});

const telegramScalar = z.union([z.string().max(1000), z.number()]);

/**
 * The Telegram Login Widget's user object. Every received field takes part in the hash check,
 * so fields Telegram may add later are kept (scalars only, a bounded number of them).
 */
export const telegramAuthDataSchema = z
  .object({
    id: z.union([safeInteger().positive(), safeString().regex(/^\d{1,20}$/, 'ожидался id Telegram')]),
    first_name: safeString().max(300),
    last_name: safeString().max(300).optional(),
    username: safeString().max(64).optional(),
    photo_url: safeString().max(1000).optional(),
    auth_date: z.union([safeInteger().nonnegative(), safeString().regex(/^\d{1,12}$/, 'ожидалось время в секундах')]),
    hash: safeString().regex(/^[0-9a-fA-F]{64}$/, 'ожидалась подпись Telegram'),
  })
  .catchall(telegramScalar)
  .refine((data) => Object.keys(data).length <= 20, 'слишком много полей');

export type TelegramAuthData = z.infer<typeof telegramAuthDataSchema>;

export const setTgAccount = http('/app/api/user_info/set_tg_account.php', {
  input: z.object({
    /** Host of the page the widget ran on. */
    domain: safeString().trim().min(1, 'не заполнено').max(255),
    telegramData: telegramAuthDataSchema,
  }),
  output: z.object({}),
  access: access.signedIn,
});

export const unlinkTg = live('/users/unlink_tg', {
  input: noInput,
  output: z.object({}),
  access: access.signedIn,
});

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The host part of a host, host:port or origin. */
function hostOf(domain: string): string {
  const trimmed = domain.trim().toLowerCase();
  try {
    return new URL(trimmed.includes('://') ? trimmed : `http://${trimmed}`).hostname;
  } catch {
    return trimmed;
  }
}

/** Whether a page on `domain` is the platform's own site (loopback names count as one). */
export function isPlatformHost(domain: string, platformUrl: string): boolean {
  const host = hostOf(domain);
  const platform = hostOf(platformUrl);
  return host === platform || (LOOPBACK.has(host) && LOOPBACK.has(platform));
}

/**
 * Where messenger linking works: the platform's own address (PUBLIC_URL). The Telegram widget
 * only runs on the domain its bot is bound to; elsewhere (another brand's site, the desktop app)
 * the account page sends the user there instead.
 */
export const getTgLinkSite = http('/app/api/user_info/get_tg_link_site.php', {
  readOnly: true,
  input: noInput,
  output: z.object({ platformUrl: z.string() }),
  access: access.signedIn,
  extension: true,
});

/* ---- Referral programme (shell §3.17) ---- */

export const referalInfo = http('/app/api/payments/referal_info.php', {
  input: noInput,
  output: z.object({ promoCode: z.string(), textNoBr: z.string() }),
  access: access.signedIn,
});
