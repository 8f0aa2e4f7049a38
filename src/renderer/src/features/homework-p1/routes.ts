import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const homeworkP1Routes: FeatureRoutes = {
  shell: [
    { path: 'ht_p1/:htNum/:dop', lazy: () => import('./HomeworkP1Page').then((m) => ({ Component: m.HomeworkP1Page })), handle: { title: ruTitles.htP1HtNumDop } satisfies RouteHandle },
  ],
};
