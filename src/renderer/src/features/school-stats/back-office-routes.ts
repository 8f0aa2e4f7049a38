import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const schoolStatsBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'statistic', lazy: () => import('./StatisticPage').then((m) => ({ Component: m.StatisticPage })), handle: { title: ruTitles.statistic, group: 'curator', link: 'statistic' } satisfies RouteHandle },
    { path: 'school_statistics', lazy: () => import('./SchoolStatisticsPage').then((m) => ({ Component: m.SchoolStatisticsPage })), handle: { title: ruTitles.schoolStatistics, group: 'curator', link: 'school_statistics' } satisfies RouteHandle },
  ],
};
