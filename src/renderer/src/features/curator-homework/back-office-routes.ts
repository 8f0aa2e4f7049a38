import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const curatorHomeworkBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'homeworks', lazy: () => import('./HomeworksPage').then((m) => ({ Component: m.HomeworksPage })), handle: { title: ruTitles.homeworks, group: 'curator', link: 'homeworks' } satisfies RouteHandle },
    { path: 'homeworks/:id', lazy: () => import('./HomeworkCheckPage').then((m) => ({ Component: m.HomeworkCheckPage })), handle: { title: ruTitles.homeworksId, group: 'curator', link: 'homeworks' } satisfies RouteHandle },
    { path: 'homeworks/ht_p1/:dzNum/:dop/:id', lazy: () => import('./HtP1ResultPage').then((m) => ({ Component: m.HtP1ResultPage })), handle: { title: ruTitles.homeworksHtP1DzNumDopId, group: 'curator', link: 'homeworks' } satisfies RouteHandle },
    { path: 'homeworks/ht_p2/:dzNum/:id', lazy: () => import('./HtP2ResultPage').then((m) => ({ Component: m.HtP2ResultPage })), handle: { title: ruTitles.homeworksHtP2DzNumId, group: 'curator', link: 'homeworks' } satisfies RouteHandle },
    { path: 'homeworks/ht_p2_tasks/:dzNum/:onlyChecked/:taskNum', lazy: () => import('./HtP2TasksPage').then((m) => ({ Component: m.HtP2TasksPage })), handle: { title: ruTitles.homeworksHtP2TasksDzNumOnlyCheckedTaskNum, group: 'curator', link: 'homeworks' } satisfies RouteHandle },
  ],
};
