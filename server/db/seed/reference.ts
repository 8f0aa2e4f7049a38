import { PERMISSION_GROUPS, SINGLE_MEMBER_GROUPS } from '../../../src/shared/domain/icons';
import type { Db } from '../index';
import { ICON_DEFAULTS } from './icons';
import { REGIONS } from './regions';

const GROUP_COMMENTS: Partial<Record<(typeof PERMISSION_GROUPS)[number], string>> = {
  USERS_CHANGERS_Q_P1: 'Редактируют вопросы 1 части',
  USERS_CHANGERS_Q_P2: 'Редактируют вопросы 2 части',
  USERS_CHANGERS_Q_ZACH_VERBAL: 'Редактируют вопросы устных зачётов',
  USERS_CHANGERS_RASPIS: 'Редактируют расписание',
  USERS_CHANGERS_TERMINS: 'Редактируют термины и базу знаний',
  USERS_CHECKERS_APEL_EGE: 'Проверяют апелляции',
  USERS_COURSE_EDITORS: 'Редактируют курс: разделы, уроки, ДЗ и зачёты',
  USERS_EDIT_DZ: 'Редактируют и проверяют любые ДЗ',
  USERS_INFO_LOOKERS: 'Видят анкеты учеников',
  USERS_LOADERS_FILES: 'Загружают файлы',
  USERS_LOOKERS_USERLIST: 'Видят список учеников',
  USERS_MAIN_MANAGERS: 'Главные менеджеры',
  USERS_MAKERS_ZACHETS: 'Принимают зачёты',
  USERS_SENDERS_TG_BOT: 'Делают рассылки в Telegram',
  USERS_SENDERS_VK_BOT: 'Делают рассылки в ВК',
  USERS_SENDERS_VK_BOT_BIG: 'Делают большие рассылки в ВК',
  USERS_TIMECODE_CHANGERS: 'Редактируют таймкоды',
  USERS_VIEWING_GENERAL_STAT: 'Видят общую статистику',
  USERS_VIDEO_EDITORS: 'Редактируют видео',
  USER_ANSWERER_DZ: 'Отвечает на вопросы по ДЗ',
  USER_ANSWERER_FIN: 'Отвечает на финансовые вопросы',
  USER_ANSWERER_ORG: 'Отвечает на организационные вопросы',
  USER_CHANGER_USERS: 'Меняет данные учеников',
};

const VARIABLES: ReadonlyArray<{ name: string; value: string; comment: string; isPublic: boolean }> = [
  {
    name: 'AVATAR_INFO',
    value:
      'Енот растёт вместе с тобой. Корми его печеньками, которые ты получаешь за уроки и тренировки: ' +
      'сытость, настроение и здоровье падают со временем, а тренированность растёт, когда ты занимаешься.',
    comment: 'Справка о питомце',
    isPublic: true,
  },
  { name: 'APP_LINK_ANDROID', value: '', comment: 'Ссылка на приложение в Google Play', isPublic: true },
  { name: 'APP_LINK_RUSTORE', value: '', comment: 'Ссылка на приложение в RuStore', isPublic: true },
  { name: 'APP_LINK_IOS', value: '', comment: 'Ссылка на приложение в App Store', isPublic: true },
  { name: 'APP_LINK_TESTFLIGHT', value: '', comment: 'Ссылка на бета-версию в TestFlight', isPublic: true },
  // Back-office §2.2 «Старая платформа»: the curators' button shows only while this is set.
  { name: 'OLD_PLATFORM_URL', value: '', comment: 'Адрес старой платформы (кнопка «Старая платформа» в кураторской; пусто — кнопки нет)', isPublic: true },
];

/**
 * Reference rows every installation needs (regions, icons, permission groups, variables).
 * Runs at every start and only inserts what is missing, so admins' edits are never overwritten.
 */
export async function seedReferenceData(db: Db, now: number): Promise<void> {
  await db
    .insertInto('regions')
    .values(REGIONS.map(([number, name]) => ({ number, name })))
    .onConflict((oc) => oc.column('number').doNothing())
    .execute();

  await db
    .insertInto('icons')
    .values(
      ICON_DEFAULTS.map((icon, position) => ({
        key: icon.key,
        title: icon.title,
        group_name: icon.group,
        position,
        is_group_head: icon.head ? 1 : 0,
        hideable: icon.fixed ? 0 : 1,
        roles: JSON.stringify(icon.roles),
        exclude: JSON.stringify(icon.exclude ?? []),
        groups: JSON.stringify(icon.groups ?? []),
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();

  await db
    .insertInto('permission_groups')
    .values(
      PERMISSION_GROUPS.map((name) => ({
        name,
        comment: GROUP_COMMENTS[name] ?? '',
        single_member: SINGLE_MEMBER_GROUPS.includes(name) ? 1 : 0,
      })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();

  await db
    .insertInto('admin_variables')
    .values(
      VARIABLES.map((variable) => ({
        name: variable.name,
        value: variable.value,
        comment: variable.comment,
        is_public: variable.isPublic ? 1 : 0,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
