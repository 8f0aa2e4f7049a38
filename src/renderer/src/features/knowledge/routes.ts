import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const knowledgeRoutes: FeatureRoutes = {
  shell: [
    { path: 'knowledge_grid', lazy: () => import('./KnowledgeMapPage').then((m) => ({ Component: m.KnowledgeMapPage })), handle: { title: ruTitles.knowledgeGrid } satisfies RouteHandle },
  ],
};
