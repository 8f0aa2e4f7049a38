import { z } from 'zod';
import { ICON_GROUPS, ICON_KEYS } from '../domain/icons';
import { access } from './access';
import { http, live, push, socket } from './core';
import { flag, noInput, safeString } from './fields';

/** Application shell: display flags, current page, admin variables, messenger bot (shell §3.3, §7). */

/** The live socket: requests, responses and pushes share one envelope (shell §7.3). */
export const onlineSocket = socket('/go/online/ws', { access: access.signedIn });

export const displayFlagsSchema = z.object(
  Object.fromEntries(ICON_KEYS.map((key) => [key, flag])) as { [K in (typeof ICON_KEYS)[number]]: typeof flag },
);

/** Pushed on connect and whenever a user's flags change. */
export const updateIcons = push('/app_general/update_icons', {
  body: z.object({ icons: displayFlagsSchema }),
});

export const updateCurrentPage = live('/app_general/update_current_page', {
  input: z.object({ page: safeString().trim().min(1, 'не заполнено').max(100) }),
  output: z.object({}),
  access: access.signedIn,
});

const iconForHide = z.object({
  key: z.enum(ICON_KEYS),
  title: z.string(),
  /** '1' shown, '0' hidden by the user. */
  status: flag,
  group: z.enum(ICON_GROUPS),
  /** '1' for a group head (trains, search, curator): toggling it toggles its group. */
  chapter: flag,
});

/** Icons the user may show or hide, in settings order. */
export const getIconsForHide = live('/app_general/get_icons_for_hide', {
  input: noInput,
  output: z.object({ icons: z.array(iconForHide) }),
  access: access.signedIn,
});

export const setIcons = live('/app_general/set_icons', {
  input: z.object({
    icons: z
      .partialRecord(z.enum(ICON_KEYS), flag)
      .refine((icons) => Object.keys(icons).length > 0, 'не выбрана ни одна иконка'),
  }),
  output: z.object({}),
  access: access.signedIn,
});

export const checkSubBotTg = live('/users/check_sub_bot_tg', {
  input: noInput,
  output: z.object({
    /** '1' only when Telegram says the user follows the school's bot. */
    isSubscribed: flag,
    /** Our extension: '0' when nobody could ask Telegram (no bot token, no answer): then '0' above is not a "no". */
    subscriptionKnown: flag.optional(),
  }),
  access: access.signedIn,
});

/** Admin variables readable by every signed-in user. */
export const PUBLIC_VARIABLES = ['AVATAR_INFO', 'APP_LINK_ANDROID', 'APP_LINK_RUSTORE', 'APP_LINK_IOS', 'APP_LINK_TESTFLIGHT', 'OLD_PLATFORM_URL'] as const;

export const getVariablesStr = http('/app/api/user_info/get_variables_str.php', {
  readOnly: true,
  input: z.object({
    variableNames: z.array(z.enum(PUBLIC_VARIABLES)).min(1, 'не выбрана ни одна переменная').max(20),
  }),
  output: z.object({ variablesStr: z.record(z.string(), z.string()) }),
  access: access.signedIn,
});

export const getWebinarLink = http('/app/api/webinars/get_webinar_link.php', {
  input: noInput,
  output: z.object({ link: z.string() }),
  access: access.icon('webinar'),
});

/** A profile field the user must fill before using the platform (shell §3.7). */
export const requiredFieldSchema = z.object({
  field: z.string(),
  name: z.string(),
  type: z.enum(['string', 'datetime', 'number', 'text']),
  length: z.string(),
});

export const REQUIRED_FIELD_NAMES = ['user_surname', 'user_name', 'user_bdate', 'user_class_number', 'user_tel', 'user_email', 'user_region'] as const;
export type RequiredFieldName = (typeof REQUIRED_FIELD_NAMES)[number];

export const getRequiredNotFilledFields = http('/app/api/user_info/get_required_not_filled_fields.php', {
  readOnly: true,
  input: noInput,
  output: z.object({
    fields: z.array(requiredFieldSchema),
    fieldsAdditional: z.object({ fieldsRegions: z.array(z.object({ regNumber: z.string(), regName: z.string() })) }),
    /**
     * Our addition: '1' when the form blocks until filled (staff, or a school that keeps
     * the old behaviour: PROFILE_FORM_BLOCKING); '0' lets a student start with «Сегодня» and fill
     * the fields later.
     */
    blocking: z.enum(['0', '1']),
  }),
  access: access.signedIn,
});

export const setRequiredNotFilledFields = http('/app/api/user_info/set_required_not_filled_fields.php', {
  input: z.object({
    fields: z
      .array(z.object({ field: z.enum(REQUIRED_FIELD_NAMES), value: z.union([safeString().max(200), z.number()]).transform(String) }))
      .min(1, 'нет ни одного поля')
      .max(REQUIRED_FIELD_NAMES.length),
  }),
  output: z.object({}),
  access: access.signedIn,
});

export const getCurrentBotTg = live('/app_general/get_current_bot_tg', {
  input: noInput,
  output: z.object({ currentBotTg: z.string(), currentBotTgId: z.string() }),
  access: access.signedIn,
});
