import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const homeworkP2Routes: FeatureRoutes = {
  shell: [
    { path: 'ht_p2', lazy: () => import('./HomeworkP2Page').then((m) => ({ Component: m.HomeworkP2Page })), handle: { title: ruTitles.htP2, bare: true } satisfies RouteHandle },
  ],
};
