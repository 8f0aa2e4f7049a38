import { z } from 'zod';
import { ICON_KEYS, ICON_ROLE_ALL, PERMISSION_GROUPS } from '../domain/icons';
import { USER_TYPES } from '../domain/user-types';
import { access } from './access';
import { live } from './core';
import { documentKind, DOCUMENT_MAX_CHARS } from './documents';
import { intLike, noInput, safeString } from './fields';
import { isOneOf } from '../guards';

/** Admin settings (back-office §2.10, §3 'Icon', 'Access group'; §7.2 /admin_settings/…). */

const adminSettings = access.icon('changeVariables');

const iconRole = z.enum([...USER_TYPES, ICON_ROLE_ALL]);

/** Back-office §3 'Icon': name, allowed roles, denied roles, allowed groups. */
export const iconConfigSchema = z.object({
  name: z.enum(ICON_KEYS),
  title: z.string(),
  roles: z.array(iconRole),
  exclude: z.array(z.enum(USER_TYPES)),
  groups: z.array(z.enum(PERMISSION_GROUPS)),
});

export const getAvailableIcons = live('/admin_settings/icons/get_available_icons', {
  input: noInput,
  output: z.object({ icons: z.array(iconConfigSchema), comment: z.string() }),
  access: adminSettings,
});

export const updateAvailableIcon = live('/admin_settings/icons/update_available_icon', {
  input: z
    .object({
      icon: z.enum(ICON_KEYS),
      roles: z.array(iconRole).max(USER_TYPES.length + 1),
      exclude: z.array(z.enum(USER_TYPES)).max(USER_TYPES.length),
      groups: z.array(z.enum(PERMISSION_GROUPS)).max(PERMISSION_GROUPS.length),
    })
    .refine((value) => !value.roles.includes(ICON_ROLE_ALL) || value.roles.length === 1, {
      message: '«all» выбирается только без других ролей',
      path: ['roles'],
    })
    .refine((value) => !value.roles.some((role) => isOneOf(value.exclude, role)), {
      message: 'роль не может быть одновременно разрешённой и запрещённой',
      path: ['exclude'],
    }),
  output: z.object({}),
  access: adminSettings,
});

const groupMember = z.object({ userId: z.string(), userFullName: z.string() });

export const getUsersForGroups = live('/admin_settings/groups/get_users_for_groups', {
  input: noInput,
  output: z.object({
    groups: z.array(z.object({ group: z.enum(PERMISSION_GROUPS), comment: z.string() })),
    usersForGroups: z.record(z.string(), z.array(groupMember)),
    /** Staff who can be put into groups (the select lists of the Группы tab). */
    users: z.array(groupMember),
  }),
  access: adminSettings,
});

export const updateGroupAccess = live('/admin_settings/groups/update_group_access', {
  input: z.object({
    group: z.enum(PERMISSION_GROUPS),
    usersForGroup: z.array(intLike).max(500),
  }),
  output: z.object({}),
  access: adminSettings,
});

/**
 * The ЕГЭ tab: points per task (position = task number) used when an answer is scored, and the
 * primary → secondary table the mock exams show. A change reaches only answers given after it:
 * each answer keeps the points it was scored with.
 */
export const EXAM_TASKS_MAX = 40;
export const ballsEgeSchema = z.array(z.number().int().min(0, 'баллы не меньше 0').max(10, 'не больше 10 баллов за задание')).min(1, 'нужно хотя бы одно задание').max(EXAM_TASKS_MAX);

export const getBallsEge = live('/admin_settings/balls_ege/get_balls_ege', {
  input: noInput,
  output: z.object({ ballsEge: z.array(z.number().int()), comment: z.string() }),
  access: adminSettings,
});

export const updateBallsEge = live('/admin_settings/balls_ege/update_balls_ege', {
  input: z.object({ ballsEge: ballsEgeSchema }),
  output: z.object({}),
  access: adminSettings,
});

/** Primary score ('0'…'N') → secondary score (0…100), never falling as the primary grows. */
export const secondaryBallSchema = z
  .record(safeString().regex(/^\d{1,3}$/, 'первичный балл — целое число'), z.number().int().min(0, 'вторичный балл от 0').max(100, 'вторичный балл до 100'))
  .superRefine((table, ctx) => {
    const keys = Object.keys(table).map(Number).sort((a, b) => a - b);
    if (keys.length < 2 || keys.length > 201 || keys.some((key, index) => key !== index)) {
      ctx.addIssue({ code: 'custom', message: 'первичные баллы должны идти подряд от 0' });
      return;
    }
    for (let primary = 1; primary < keys.length; primary += 1) {
      if (table[String(primary)]! < table[String(primary - 1)]!) {
        ctx.addIssue({ code: 'custom', message: `вторичный балл за ${primary} первичных меньше, чем за ${primary - 1}` });
        return;
      }
    }
  });

export const getSecondaryBall = live('/admin_settings/get_secondary_ball', {
  input: noInput,
  output: z.object({ secondaryBall: z.record(z.string(), z.number().int()), comment: z.string() }),
  access: adminSettings,
});

export const updateSecondaryBall = live('/admin_settings/update_secondary_ball', {
  input: z.object({ secondaryBall: secondaryBallSchema }),
  output: z.object({}),
  access: adminSettings,
});

/** 'date time:00', Moscow time (back-office §3 'Webinar config'). */
const moscowDateTime = safeString().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/, 'дата и время в виде ГГГГ-ММ-ДД ЧЧ:ММ:00');

export const zoomConfSchema = z
  .object({
    number: safeString().transform((value) => value.replace(/\s/g, '')).pipe(z.string().regex(/^\d{9,12}$/, 'номер конференции — от 9 до 12 цифр')),
    password: safeString().max(50, 'пароль не длиннее 50 символов'),
    startDatetime: moscowDateTime,
    endDatetime: moscowDateTime,
  })
  .refine((value) => value.endDatetime > value.startDatetime, { message: 'конец вебинара позже начала', path: ['endDatetime'] });

export const getZoomConfData = live('/admin_settings/zoom/get_zoom_conf_data', {
  input: noInput,
  output: z.object({ zoomConfData: z.object({ number: z.string(), password: z.string(), startDatetime: z.string(), endDatetime: z.string() }).nullable() }),
  access: adminSettings,
});

export const updateZoomConfData = live('/admin_settings/zoom/update_zoom_conf_data', {
  input: z.object({ zoomConfData: zoomConfSchema }),
  output: z.object({}),
  access: adminSettings,
});

/**
 * Zoom app data: the secret is never sent back whole (`clientSecretMasked` shows its last four
 * characters); an update with an empty `client_secret` keeps the stored one.
 */
export const getZoomAppData = live('/admin_settings/zoom/get_zoom_app_data', {
  input: noInput,
  output: z.object({ zoomAppData: z.object({ client_id: z.string(), clientSecretMasked: z.string() }).nullable() }),
  access: adminSettings,
});

export const updateZoomAppData = live('/admin_settings/zoom/update_zoom_app_data', {
  input: z.object({
    zoomAppData: z.object({
      client_id: safeString().trim().min(1, 'client_id не заполнен').max(200),
      client_secret: safeString().trim().max(200),
    }),
  }),
  output: z.object({}),
  access: adminSettings,
});

export const getIntensivStartDate = live('/admin_settings/intensiv/get_intensiv_start_date', {
  input: noInput,
  output: z.object({ intensivStartDate: z.string(), comment: z.string() }),
  access: adminSettings,
});

export const updateIntensivStartDate = live('/admin_settings/intensiv/update_intensiv_start_date', {
  input: z.object({
    intensivStartDate: safeString()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'дата в виде ГГГГ-ММ-ДД')
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'такой даты нет'),
  }),
  output: z.object({}),
  access: adminSettings,
});

/**
 * The «Сегодня» tab (our extension): the exam day the first-day form offers, the minutes
 * of done work that count a student's day for the streak, and whether the profile form still
 * blocks a new student as the spec had it.
 */
const todaySettings = z.object({
  /** YYYY-MM-DD, or empty: 1 June of the coming exam year. */
  examDate: z.union([
    z.literal(''),
    safeString()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'дата в виде ГГГГ-ММ-ДД')
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'такой даты нет'),
  ]),
  minimumMinutes: z.number().int().min(0, 'не меньше 0 минут').max(240, 'не больше 240 минут'),
  /** Moscow hours [from, to) when no Telegram reminder goes out (defaults 22 and 8). */
  quietFrom: z.number().int().min(0, 'час от 0 до 23').max(23, 'час от 0 до 23'),
  quietTo: z.number().int().min(0, 'час от 0 до 23').max(23, 'час от 0 до 23'),
  profileFormBlocking: z.enum(['0', '1']),
});

export const getTodaySettings = live('/admin_settings/today/get_today_settings', {
  input: noInput,
  output: todaySettings.extend({ defaultExamDate: z.string(), comment: z.string() }),
  access: adminSettings,
  extension: true,
});

export const updateTodaySettings = live('/admin_settings/today/update_today_settings', {
  input: todaySettings,
  output: z.object({}),
  access: adminSettings,
  extension: true,
});

/**
 * The Тарифы tab: the price of each course tariff (the subscription's is what renewals charge,
 * from each subscription's next renewal), and the 'Доп. уроки' tariff with a price per section
 * (razdel) that purchases take at the moment of buying. Past payments keep their amounts.
 */
export const EXTRA_LESSONS_TARIFF = 'extra';
const roubles = z.number().int().min(0, 'цена не меньше 0').max(1_000_000, 'цена не больше 1 000 000 ₽');

export const getTarifs = live('/admin_settings/tarifs/get_tarifs', {
  input: noInput,
  output: z.object({
    tarifs: z.array(
      z.object({
        tarif: z.string(),
        name: z.string(),
        comment: z.string(),
        /** Roubles; null for the tariff priced per section. */
        cost: z.number().int().nullable(),
        /** Roubles per section number; null for a single-price tariff. */
        costs: z.record(z.string(), z.number().int()).nullable(),
      }),
    ),
    tarifsRazdels: z.array(z.object({ razdel: z.string(), name: z.string() })),
  }),
  access: adminSettings,
});

export const updateTarif = live('/admin_settings/tarifs/update_tarif', {
  input: z
    .object({ tarif: z.enum(['1', '2', '3', '4', EXTRA_LESSONS_TARIFF]), cost: roubles, razdel: intLike.optional() })
    .refine((value) => (value.tarif === EXTRA_LESSONS_TARIFF) === (value.razdel !== undefined), {
      message: 'раздел указывается только для доп. уроков, и для них обязательно',
      path: ['razdel'],
    }),
  output: z.object({}),
  access: adminSettings,
});

/* The «Документы» tab (our extension): versions of the school's documents and the course page address. */

const documentVersion = z.object({
  id: z.number().int(),
  text: z.string(),
  /** dd.mm.yyyy (Moscow). */
  effectiveFrom: z.string(),
  /** dd.mm.yyyy hh:mm (Moscow). */
  createdAt: z.string(),
  authorName: z.string(),
  /** '1' for the version the public page shows now. */
  current: z.enum(['0', '1']),
  /** '1' while its date has not come yet. */
  scheduled: z.enum(['0', '1']),
});

/** The «Документы» tab: every version of each document (newest first) and the course page address. */
export const getDocumentsAdmin = live('/admin_settings/documents/get_documents', {
  input: noInput,
  output: z.object({
    documents: z.array(z.object({ kind: documentKind, title: z.string(), versions: z.array(documentVersion) })),
    coursePageUrl: z.string(),
    /** The old platform's address (OLD_PLATFORM_URL): the curators' «Старая платформа» button; '' hides it. */
    oldPlatformUrl: z.string(),
  }),
  access: adminSettings,
  extension: true,
});

/** Adds a version. `effectiveFrom` 'yyyy-mm-dd' (Moscow) not in the past; empty = at once. */
export const addDocumentVersion = live('/admin_settings/documents/add_document_version', {
  input: z.object({
    kind: documentKind,
    text: safeString().trim().min(1, 'текст документа пуст').max(DOCUMENT_MAX_CHARS, `не длиннее ${DOCUMENT_MAX_CHARS} символов`),
    effectiveFrom: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'дата в виде ГГГГ-ММ-ДД')]).default(''),
  }),
  output: z.object({ versionId: z.number().int() }),
  access: adminSettings,
  extension: true,
});

/** A school's web address: http(s), or empty to hide what links to it. */
const schoolLink = z.union([z.literal(''), safeString().trim().max(500, 'не длиннее 500 символов').url('адрес должен начинаться с https://').refine((url) => /^https?:\/\//i.test(url), 'адрес должен начинаться с https://')]);

/** The «Страница курса» address, and the old platform's when given (absent = unchanged). */
export const updateCoursePageUrl = live('/admin_settings/documents/update_course_page_url', {
  input: z.object({
    coursePageUrl: schoolLink,
    oldPlatformUrl: schoolLink.optional(),
  }),
  output: z.object({}),
  access: adminSettings,
  extension: true,
});
