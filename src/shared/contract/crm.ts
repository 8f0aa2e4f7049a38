import { z } from 'zod';
import { access } from './access';
import { http, live } from './core';
import { flag, noInput, safeString } from './fields';

/**
 * Users and the student card (back-office §2.6, §3 'User profile', 'User (users list)', 'Debtor',
 * 'CRM comment'; §7.1 user_info/curator/*, curators/*; §7.2 /users/*_crm_comment). Every call needs
 * the 'users' button; on top of it the server shows a curator only their own students (any of the
 * three curator links), an admin or a main manager everyone.
 */

const userLookers = access.icon('users');

/** A user's public key on the wire: the VK id or id<number> (server/users/user-key.ts). */
export const userKeyField = safeString()
  .trim()
  .regex(/^(\d{1,20}|id\d{1,15})$/, 'ожидался VK id или id<номер> пользователя');

/** §2.6 user-type filter values, as the wire sends them, and the types they stand for. */
export const USER_TYPE_FILTERS = {
  Admin: 'Админ',
  Curator: 'Куратор',
  Intensive: 'Интенсив',
  Partial: 'Частичный',
  Demo: 'Демо',
  Inactive: 'Неактивный',
  Subscription: 'Подписка',
} as const;
export type UserTypeFilter = keyof typeof USER_TYPE_FILTERS;

export const QUERY_TYPES = ['search', 'userType', 'curator'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

export const usersListItem = z.object({
  userVkId: z.string(),
  userName: z.string(),
  userSurname: z.string(),
  userType: z.string(),
  userTgNickname: z.string(),
  /** Hours from Moscow of the user's region ('0' when unknown). */
  regTimediff: z.string(),
  userTarifNum: z.string(),
  /** The curator's 'Фамилия Имя', '' without one. */
  curator: z.string(),
  userZachet: z.string(),
  withMistakeWork: z.string(),
});
export type UsersListItem = z.infer<typeof usersListItem>;

/** Most users one search returns; the screen says when the list is cut. */
export const USERS_LIST_LIMIT = 200;

export const getUsers = http('/app/api/user_info/curator/get_users.php', {
  input: z.object({
    queryType: z.enum(QUERY_TYPES),
    /** search: name, VK id, id<n> or 'tg:nickname'; userType: a filter value; curator: '0' me, 'all', or an id. */
    queryBody: safeString().max(100, 'не длиннее 100 символов').default(''),
  }),
  output: z.object({ users: z.array(usersListItem), limited: flag }),
  access: userLookers,
});

export const curatorItem = z.object({ userVkId: z.string(), userName: z.string(), userSurname: z.string() });

export const getCurators = http('/app/api/curators/get_curators.php', {
  input: noInput,
  output: z.object({ curators: z.array(curatorItem) }),
  access: userLookers,
});

export const debtorItem = z.object({
  userVkId: z.string(),
  userName: z.string(),
  userSurname: z.string(),
  userTgNickname: z.string(),
  curatorName: z.string(),
  curatorSurname: z.string(),
  /** Homework whose deadline passed with part 1 / part 2 not handed in; credits not passed in time. */
  dolgovPart1: z.number().int(),
  dolgovPart2: z.number().int(),
  dolgovAZach: z.number().int(),
  /** The balance from the ledger, rubles (negative: the student owes the school). */
  balance: z.number(),
});
export type DebtorItem = z.infer<typeof debtorItem>;

export const getCuratorDebtors = http('/app/api/curators/get_curator_debtors.php', {
  input: z.object({
    /** '0' me, '' every curator (the 'all' filter), or a curator's key. */
    curatorId: z.union([z.literal(''), z.literal('0'), userKeyField]).default('0'),
  }),
  output: z.object({ debtors: z.array(debtorItem) }),
  access: userLookers,
});

/** §3 'User profile': every field as the wire carries it (strings; '' when unset). */
export const userProfile = z.object({
  userVkId: z.string(),
  userSurname: z.string(),
  userName: z.string(),
  userOtch: z.string(),
  userRegion: z.string(),
  userRegionName: z.string(),
  userBdate: z.string(),
  userClassNumber: z.string(),
  userTel: z.string(),
  userEmail: z.string(),
  userTgNickname: z.string(),
  userAvaLink: z.string(),
  userBlocked: flag,
  userType: z.string(),
  userTarifNum: z.string(),
  userZachet: z.string(),
  withMistakeWork: z.string(),
  /** Ledger balance, rubles. */
  bnBalance: z.string(),
  /** Monthly cost, rubles. */
  userTarif: z.string(),
  userPayday: z.string(),
  userStartCourseDate: z.string(),
  userCurator: z.string(),
  userCuratorDz: z.string(),
  userCuratorZach: z.string(),
  userGoalBall: z.string(),
  userGoalVuz: z.string(),
  userGoalBudzhet: z.string(),
  userOsobennosti: z.string(),
  canEdit: flag,
});
export type UserProfile = z.infer<typeof userProfile>;

export const getUser = http('/app/api/user_info/curator/get_user.php', {
  input: z.object({ userVkId: userKeyField }),
  output: z.object({
    user: userProfile,
    regions: z.array(z.object({ regionNumber: z.string(), regionName: z.string() })),
    curators: z.array(curatorItem),
    tarifs: z.array(z.object({ tarifNumber: z.string(), tarifName: z.string() })),
    userTypes: z.array(z.string()),
  }),
  access: userLookers,
});

const shortText = (max: number) => safeString().trim().max(max, `не длиннее ${max} символов`);
const digits = (max: number) => safeString().trim().regex(new RegExp(`^\\d{0,${max}}$`), 'ожидалось число');
const isoDate = safeString().trim().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'дата в формате ГГГГ-ММ-ДД');
const keyOrEmpty = z.union([z.literal(''), userKeyField]);

/** The editable fields of the card (§5 'Profile edit': only changed fields are sent). */
export const userSetSchema = z
  .object({
    userSurname: shortText(100),
    userName: shortText(100),
    userOtch: shortText(100),
    userRegion: digits(3),
    userBdate: isoDate,
    userClassNumber: safeString().trim().regex(/^(\d{1,2})?$/, 'класс — число'),
    userTel: shortText(30),
    userEmail: z.union([z.literal(''), safeString().trim().email('некорректный e-mail').max(200)]),
    userTgNickname: safeString().trim().regex(/^@?[A-Za-z0-9_]{0,64}$/, 'никнейм из латиницы, цифр и _'),
    userBlocked: flag,
    userType: z.enum(['Админ', 'Куратор', 'Интенсив', 'Демо', 'Неактивный', 'Частичный', 'Подписка', 'Пакетник', 'Ученик']),
    userTarifNum: z.enum(['', '1', '2', '3', '4']),
    userZachet: flag,
    withMistakeWork: flag,
    userTarif: safeString().trim().regex(/^\d{0,7}$/, 'стоимость — число рублей'),
    userPayday: safeString()
      .trim()
      .regex(/^(\d{1,2})?$/, 'день оплаты — число от 1 до 31')
      .refine((value) => value === '' || (Number(value) >= 1 && Number(value) <= 31), 'день оплаты — число от 1 до 31'),
    userStartCourseDate: isoDate,
    userCurator: keyOrEmpty,
    userCuratorDz: keyOrEmpty,
    userCuratorZach: keyOrEmpty,
    userGoalBall: safeString()
      .trim()
      .regex(/^(\d{1,3})?$/, 'целевой балл — число до 100')
      .refine((value) => value === '' || Number(value) <= 100, 'целевой балл — число до 100'),
    userGoalVuz: shortText(300),
    userGoalBudzhet: z.enum(['0', '1', '2']),
    userOsobennosti: shortText(5000),
  })
  .partial()
  .strict();
export type UserSet = z.infer<typeof userSetSchema>;

export const updateUser = http('/app/api/user_info/curator/update_user.php', {
  input: z.object({ userVkId: userKeyField, userSet: userSetSchema }),
  output: z.object({}),
  access: userLookers,
});

export const crmComment = z.object({
  commentId: z.string(),
  comment: z.string(),
  /** Moscow 'dd.mm.yyyy hh:mm'. */
  datetime: z.string(),
  editorId: z.string(),
  editorFullname: z.string(),
});
export type CrmComment = z.infer<typeof crmComment>;

export const CRM_COMMENT_MAX = 3000;

export const addCrmComment = live('/users/add_crm_comment', {
  input: z.object({
    userId: userKeyField,
    comment: safeString().trim().min(1, 'пустой комментарий не отправляется').max(CRM_COMMENT_MAX, `не длиннее ${CRM_COMMENT_MAX} символов`),
  }),
  output: z.object({ comment: crmComment }),
  access: userLookers,
});

export const getUserCrmComment = live('/users/get_user_crm_comment', {
  input: z.object({ userId: userKeyField }),
  output: z.object({ comments: z.array(crmComment) }),
  access: userLookers,
});
