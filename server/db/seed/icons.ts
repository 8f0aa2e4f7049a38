import type { IconGroup, IconKey, PermissionGroup } from '../../../src/shared/domain/icons';
import type { UserType } from '../../../src/shared/domain/user-types';

type Role = UserType | 'all';

export interface IconDefault {
  key: IconKey;
  title: string;
  group: IconGroup;
  head?: boolean;
  /** Not offered in the display settings (the main area's default page must stay reachable). */
  fixed?: boolean;
  roles: Role[];
  exclude?: UserType[];
  groups?: PermissionGroup[];
}

const students: UserType[] = ['Ученик', 'Интенсив', 'Частичный', 'Подписка', 'Пакетник', 'Демо'];
const staff: UserType[] = ['Админ', 'Куратор'];

/**
 * The configuration a new school starts with; admins change it in the back office
 * (Иконки tab). Order here is the settings-screen order.
 */
export const ICON_DEFAULTS: IconDefault[] = [
  { key: 'lk', title: 'Личный кабинет', group: 'main', fixed: true, roles: ['all'] },
  { key: 'home', title: 'Главная', group: 'main', fixed: true, roles: ['all'] },
  { key: 'calendar', title: 'Календарь', group: 'main', roles: ['all'], exclude: ['Неактивный'] },
  { key: 'feedback', title: 'Обратная связь', group: 'main', roles: ['all'] },
  { key: 'finances', title: 'Финансы', group: 'main', roles: ['all'] },
  { key: 'ratings', title: 'Рейтинг и статистика', group: 'main', roles: ['all'], exclude: ['Неактивный'] },
  { key: 'nearbyPeople', title: 'Люди рядом', group: 'main', roles: ['all'], exclude: ['Неактивный'] },
  { key: 'roadmap', title: 'Дорога уроков', group: 'roadmap', roles: ['all'] },
  { key: 'trains', title: 'Тренировки', group: 'trains', head: true, roles: ['all'], exclude: ['Неактивный'] },
  { key: 'decideFirst', title: 'Игра «Реши первым»', group: 'trains', roles: ['all'], exclude: ['Неактивный'] },
  { key: 'verbalChat', title: 'Видеочат', group: 'trains', roles: ['all'], exclude: ['Неактивный', 'Демо'] },
  { key: 'trainP1', title: 'Тренировка 1 части', group: 'trains', roles: ['all'], exclude: ['Неактивный'] },
  { key: 'trainP2', title: 'Тренировка 2 части', group: 'trains', roles: ['all'], exclude: ['Неактивный'] },
  { key: 'verbalZachets', title: 'Устные зачёты', group: 'trains', roles: ['all'], exclude: ['Неактивный'] },
  { key: 'trainPriznaki', title: 'Тренировка признаков', group: 'trains', roles: ['all'], exclude: ['Неактивный'] },
  { key: 'search', title: 'Материалы', group: 'search', head: true, roles: ['all'], exclude: ['Неактивный'] },
  { key: 'searchVideo', title: 'Поиск по видео', group: 'search', roles: ['all'], exclude: ['Неактивный'] },
  { key: 'searchTermin', title: 'Поиск терминов', group: 'search', roles: ['all'], exclude: ['Неактивный'] },
  { key: 'curator', title: 'Кураторская', group: 'curator', head: true, roles: staff },
  { key: 'standards', title: 'Стандарты', group: 'curator', roles: staff },
  { key: 'homework', title: 'Проверка ДЗ', group: 'curator', roles: staff, groups: ['USERS_EDIT_DZ'] },
  { key: 'users', title: 'Ученики', group: 'curator', roles: staff, groups: ['USERS_LOOKERS_USERLIST'] },
  // Shown only while OLD_PLATFORM_URL is set (CuratorLayout), so staff may have it by default.
  { key: 'oldPlatform', title: 'Старая платформа', group: 'curator', roles: staff },
  { key: 'curatorDzQuestions', title: 'Вопросы по ДЗ', group: 'curator', roles: staff },
  {
    key: 'tgMailing',
    title: 'Рассылки',
    group: 'curator',
    roles: ['Админ'],
    groups: ['USERS_SENDERS_TG_BOT', 'USERS_SENDERS_VK_BOT', 'USERS_SENDERS_VK_BOT_BIG'],
  },
  { key: 'curatorStatistics', title: 'Статистика кураторов', group: 'curator', roles: staff, groups: ['USERS_VIEWING_GENERAL_STAT'] },
  { key: 'files', title: 'Файлы', group: 'curator', roles: staff, groups: ['USERS_LOADERS_FILES'] },
  { key: 'changeVariables', title: 'Настройки школы', group: 'curator', roles: ['Админ'] },
  { key: 'adminSchoolStatistics', title: 'Статистика школы', group: 'curator', roles: ['Админ'], groups: ['USERS_VIEWING_GENERAL_STAT'] },
  { key: 'curatorVideoLessons', title: 'Видеоуроки', group: 'curator', roles: ['Админ'], groups: ['USERS_VIDEO_EDITORS'] },
  { key: 'createVideoTimecode', title: 'Таймкоды видео', group: 'curator', roles: ['Админ'], groups: ['USERS_TIMECODE_CHANGERS', 'USERS_VIDEO_EDITORS'] },
  {
    key: 'questions',
    title: 'Банк вопросов',
    group: 'curator',
    roles: ['Админ'],
    groups: ['USERS_CHANGERS_Q_P1', 'USERS_CHANGERS_Q_P2', 'USERS_CHANGERS_Q_ZACH_VERBAL'],
  },
  { key: 'questionsP1', title: 'Вопросы 1 части', group: 'curator', roles: ['Админ'], groups: ['USERS_CHANGERS_Q_P1'] },
  { key: 'questionsP2', title: 'Вопросы 2 части', group: 'curator', roles: ['Админ'], groups: ['USERS_CHANGERS_Q_P2'] },
  { key: 'questionsZachVerbal', title: 'Вопросы устных зачётов', group: 'curator', roles: ['Админ'], groups: ['USERS_CHANGERS_Q_ZACH_VERBAL'] },
  { key: 'textbooks', title: 'Учебники', group: 'curator', roles: ['Админ'] },
  // Our extension: the course editor (chapters, lessons, homework, credits); admins and the group.
  { key: 'course', title: 'Курс', group: 'curator', roles: ['Админ'], groups: ['USERS_COURSE_EDITORS'] },
  { key: 'theoryChunks', title: 'База знаний', group: 'curator', roles: ['Админ'], groups: ['USERS_CHANGERS_TERMINS'] },
  { key: 'webinar', title: 'Вебинар', group: 'none', roles: [...students, ...staff], exclude: ['Демо'] },
];
