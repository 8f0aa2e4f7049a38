import { isOneOf } from '../guards';
/**
 * Display flags (shell §3.3): one '0'/'1' per navigation button, computed by the server from the
 * icons configuration, the user's type and permission groups, and the icons the user hid.
 */
export const ICON_KEYS = [
  'webinar',
  'home',
  'lk',
  'calendar',
  'feedback',
  'finances',
  'ratings',
  'nearbyPeople',
  'roadmap',
  'trains',
  'decideFirst',
  'verbalChat',
  'trainP1',
  'trainP2',
  'verbalZachets',
  'trainPriznaki',
  'search',
  'searchVideo',
  'searchTermin',
  'curator',
  'standards',
  'homework',
  'users',
  'tgMailing',
  'curatorStatistics',
  'oldPlatform',
  'curatorDzQuestions',
  'files',
  'changeVariables',
  'adminSchoolStatistics',
  'curatorVideoLessons',
  'createVideoTimecode',
  'questions',
  'questionsP1',
  'questionsP2',
  'questionsZachVerbal',
  'textbooks',
  'theoryChunks',
  'course',
] as const;

export type IconKey = (typeof ICON_KEYS)[number];

/** Groups of the icon display settings, in the order the settings screen lists them. */
export const ICON_GROUPS = ['main', 'roadmap', 'trains', 'search', 'curator', 'none'] as const;
export type IconGroup = (typeof ICON_GROUPS)[number];

/** Roles an icon rule can name: every user type plus 'all'. */
export const ICON_ROLE_ALL = 'all';

/** Permission groups of back-office §3 'Button permission groups'. */
export const PERMISSION_GROUPS = [
  'USERS_CHANGERS_Q_P1',
  'USERS_CHANGERS_Q_P2',
  'USERS_CHANGERS_Q_ZACH_VERBAL',
  'USERS_CHANGERS_RASPIS',
  'USERS_CHANGERS_TERMINS',
  'USERS_CHECKERS_APEL_EGE',
  'USERS_COURSE_EDITORS',
  'USERS_EDIT_DZ',
  'USERS_INFO_LOOKERS',
  'USERS_LOADERS_FILES',
  'USERS_LOOKERS_USERLIST',
  'USERS_MAIN_MANAGERS',
  'USERS_MAKERS_ZACHETS',
  'USERS_SENDERS_TG_BOT',
  'USERS_SENDERS_VK_BOT',
  'USERS_SENDERS_VK_BOT_BIG',
  'USERS_TIMECODE_CHANGERS',
  'USERS_VIEWING_GENERAL_STAT',
  'USERS_VIDEO_EDITORS',
  'USER_ANSWERER_DZ',
  'USER_ANSWERER_FIN',
  'USER_ANSWERER_ORG',
  'USER_CHANGER_USERS',
] as const;

export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

/** These groups hold exactly one user: adding replaces, deleting empties (back-office §6). */
export const SINGLE_MEMBER_GROUPS: readonly PermissionGroup[] = [
  'USER_ANSWERER_DZ',
  'USER_ANSWERER_FIN',
  'USER_ANSWERER_ORG',
  'USER_CHANGER_USERS',
];

export function isIconKey(value: string): value is IconKey {
  return isOneOf(ICON_KEYS, value);
}

/** '0'/'1' per icon key. */
export type DisplayFlags = Record<IconKey, '0' | '1'>;
