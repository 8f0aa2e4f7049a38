import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const videoChatRoutes: FeatureRoutes = {
  trains: [
    { path: 'trains_verbal_players', lazy: () => import('./VideoChatPage').then((m) => ({ Component: m.VideoChatPage })), handle: { title: ruTitles.trainsVerbalPlayers, group: 'trains', link: 'trains_verbal_players' } satisfies RouteHandle },
  ],
};
