import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const outboxRoutes: FeatureRoutes = {
  shell: [{ path: 'outbox', lazy: () => import('./OutboxPage').then((m) => ({ Component: m.OutboxPage })), handle: { title: ruTitles.outbox } satisfies RouteHandle }],
};
