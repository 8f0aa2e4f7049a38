import type { NonIndexRouteObject, RouteObject } from 'react-router';
import type { NavGroup } from './nav-memory';

/** What a route tells the shell: its title (placeholder screens, document title) and nav group. */
export interface RouteHandle {
  title?: string;
  group?: NavGroup;
  /** Remembered as the group's active link (defaults to the route's own path segment). */
  link?: string;
  /** Header and footer hidden (full-page screens such as homework part 2). */
  bare?: boolean;
}

const placeholder = () => import('../features/placeholder/ScreenPlaceholder').then((m) => ({ Component: m.ScreenPlaceholder }));

/** A screen a later version builds: an honest page with its title until then. */
function screen(path: string, title: string, group?: NavGroup, extra: Partial<RouteHandle> = {}): NonIndexRouteObject {
  return { path, lazy: placeholder, handle: { title, group, link: group ? path : undefined, ...extra } satisfies RouteHandle };
}

/** The route table of back-office §2.1, with the route names the spec gives (see route-names.ts). */
export const routes: RouteObject[] = [
  {
    path: 'login',
    lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
    handle: { title: 'Вход', bare: true } satisfies RouteHandle,
  },
  {
    path: 'signup',
    lazy: () => import('../features/auth/SignupPage').then((m) => ({ Component: m.SignupPage })),
    handle: { title: 'Регистрация', bare: true } satisfies RouteHandle,
  },
  {
    lazy: () => import('./shell/AppShell').then((m) => ({ Component: m.AppShell })),
    children: [
      {
        lazy: () => import('../features/main-area/MainArea').then((m) => ({ Component: m.MainArea })),
        children: [
          { index: true, lazy: () => import('../features/main-area/MainAreaEntry').then((m) => ({ Component: m.MainAreaEntry })) },
          { path: 'lk', lazy: () => import('../features/account/AccountPage').then((m) => ({ Component: m.AccountPage })), handle: { title: 'Личный кабинет', group: 'main', link: 'lk' } satisfies RouteHandle },
          { path: 'calendar', lazy: () => import('../features/schedule/CalendarPage').then((m) => ({ Component: m.CalendarPage })), handle: { title: 'Календарь', group: 'main', link: 'calendar' } satisfies RouteHandle },
          { path: 'poleznoe', lazy: () => import('../features/preferences/FeedbackPage').then((m) => ({ Component: m.FeedbackPage })), handle: { title: 'Обратная связь', group: 'main', link: 'poleznoe' } satisfies RouteHandle },
          screen('finances', 'Финансы', 'main'),
          { path: 'ratings', lazy: () => import('../features/ratings/RatingsPage').then((m) => ({ Component: m.RatingsPage })), handle: { title: 'Рейтинг и статистика', group: 'main', link: 'ratings' } satisfies RouteHandle },
          { path: 'nearby_people', lazy: () => import('../features/preferences/NearbyPeoplePage').then((m) => ({ Component: m.NearbyPeoplePage })), handle: { title: 'Люди рядом', group: 'main', link: 'nearby_people' } satisfies RouteHandle },
          { path: 'settings', lazy: () => import('../features/preferences/SettingsPage').then((m) => ({ Component: m.SettingsPage })), handle: { title: 'Настройки', group: 'main', link: 'settings' } satisfies RouteHandle },
        ],
      },
      {
        path: 'webinar',
        lazy: () => import('../features/webinar/WebinarPage').then((m) => ({ Component: m.WebinarPage })),
        handle: { title: 'Вебинар' } satisfies RouteHandle,
      },
      { ...screen('roadmap', 'Дорога уроков'), children: [screen(':lessonNum', 'Урок')] },
      screen('knowledge_grid', 'Карта знаний'),
      screen('video_lesson/:videoId', 'Видеоурок'),
      screen('ht_p1/:htNum/:dop', 'Домашнее задание. Часть 1'),
      screen('ht_p2', 'Домашнее задание. Часть 2', undefined, { bare: true }),
      screen('zachet_auto/:numberTest', 'Автоматический зачёт'),
      screen('zachet_zapis', 'Запись на устный зачёт'),
      {
        path: 'trains',
        lazy: () => import('../features/sections/TrainsLayout').then((m) => ({ Component: m.TrainsLayout })),
        children: [
          { index: true, lazy: () => import('../features/sections/SectionEntry').then((m) => ({ Component: m.TrainsEntry })) },
          screen('decide-first', 'Реши первым', 'trains'),
          screen('trains_verbal_players', 'Видеочат', 'trains'),
          screen('trains_p1', 'Тренировка 1 части', 'trains'),
          screen('trains_p2', 'Тренировка 2 части', 'trains'),
          screen('trains_verbal', 'Устные зачёты', 'trains'),
          screen('train_priznaki', 'Тренировка признаков', 'trains'),
        ],
      },
      {
        path: 'materials',
        lazy: () => import('../features/sections/MaterialsLayout').then((m) => ({ Component: m.MaterialsLayout })),
        children: [
          { index: true, lazy: () => import('../features/sections/SectionEntry').then((m) => ({ Component: m.MaterialsEntry })) },
          screen('search_video', 'Поиск по видео', 'materials'),
          screen('search_termin', 'Поиск терминов', 'materials'),
        ],
      },
      {
        path: 'curator',
        lazy: () => import('../features/back-office/CuratorLayout').then((m) => ({ Component: m.CuratorLayout })),
        children: [
          { index: true, lazy: () => import('../features/back-office/CuratorEntry').then((m) => ({ Component: m.CuratorEntry })) },
          screen('users', 'Ученики', 'curator'),
          screen('users/:id', 'Анкета', 'curator', { link: 'users' }),
          screen('standards', 'Стандарты', 'curator'),
          screen('questionsDz', 'Вопросы по ДЗ', 'curator'),
          screen('homeworks', 'Домашние задания', 'curator'),
          screen('homeworks/:id', 'Проверка ДЗ', 'curator', { link: 'homeworks' }),
          screen('homeworks/ht_p1/:dzNum/:dop/:id', 'Результат ДЗ. Часть 1', 'curator', { link: 'homeworks' }),
          screen('homeworks/ht_p2/:dzNum/:id', 'Результат ДЗ. Часть 2', 'curator', { link: 'homeworks' }),
          screen('homeworks/ht_p2_tasks/:dzNum/:onlyChecked/:taskNum', 'Проверка по заданию', 'curator', { link: 'homeworks' }),
          screen('tg_sending', 'Рассылки', 'curator'),
          screen('statistic', 'Статистика кураторов', 'curator'),
          screen('files', 'Файлы', 'curator'),
          screen('change-variables', 'Настройки школы', 'curator'),
          screen('school_statistics', 'Статистика школы', 'curator'),
          screen('video_edit', 'Видеоуроки', 'curator'),
          screen('video_edit/:videoId', 'Видео', 'curator', { link: 'video_edit' }),
          screen('timecodes/:videoId', 'Таймкоды', 'curator', { link: 'video_edit' }),
          {
            path: 'questions',
            lazy: () => import('../features/back-office/QuestionsLayout').then((m) => ({ Component: m.QuestionsLayout })),
            children: [
              { index: true, lazy: () => import('../features/back-office/QuestionsLayout').then((m) => ({ Component: m.QuestionsEntry })) },
              screen('p1', 'Вопросы 1 части', 'questions'),
              screen('p2', 'Вопросы 2 части', 'questions'),
              screen('zach_verbal', 'Вопросы устных зачётов', 'questions'),
            ],
          },
          screen('textbooks', 'Список учебников', 'curator'),
          screen('theory_chunks', 'База знаний', 'curator'),
        ],
      },
    ],
  },
  {
    path: '*',
    lazy: () => import('../features/not-found/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
    handle: { title: 'Страница не найдена', bare: true } satisfies RouteHandle,
  },
];
