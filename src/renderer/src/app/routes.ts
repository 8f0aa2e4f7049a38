import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '../lib/feature-routes';
import { withErrorBoundaries } from './RouteError';
import { authRoutes } from '../features/auth/routes';
import { documentsRoutes } from '../features/documents/routes';
import { accountRoutes } from '../features/account/routes';
import { calendarRoutes } from '../features/calendar/routes';
import { preferencesRoutes } from '../features/preferences/routes';
import { financesRoutes } from '../features/finances/routes';
import { ratingRoutes } from '../features/rating/routes';
import { webinarRoutes } from '../features/webinar/routes';
import { courseRoutes } from '../features/course/routes';
import { todayRoutes } from '../features/today/routes';
import { knowledgeRoutes } from '../features/knowledge/routes';
import { videoRoutes } from '../features/video/routes';
import { homeworkP1Routes } from '../features/homework-p1/routes';
import { homeworkP2Routes } from '../features/homework-p2/routes';
import { creditsRoutes } from '../features/credits/routes';
import { decideFirstRoutes } from '../features/decide-first/routes';
import { videoChatRoutes } from '../features/video-chat/routes';
import { trainP1Routes } from '../features/train-p1/routes';
import { trainP2Routes } from '../features/train-p2/routes';
import { trainVerbalRoutes } from '../features/train-verbal/routes';
import { trainSignsRoutes } from '../features/train-signs/routes';
import { reviewsRoutes } from '../features/reviews/routes';
import { materialsRoutes } from '../features/materials/routes';
import { outboxRoutes } from '../features/outbox/routes';
import { notFoundRoutes } from '../features/not-found/routes';

/** Every feature that adds screens; each one's routes.ts says where they hang (lib/feature-routes.ts). */
const features: FeatureRoutes[] = [authRoutes, documentsRoutes, accountRoutes, calendarRoutes, preferencesRoutes, financesRoutes, ratingRoutes, webinarRoutes, todayRoutes, courseRoutes, knowledgeRoutes, videoRoutes, homeworkP1Routes, homeworkP2Routes, creditsRoutes, decideFirstRoutes, videoChatRoutes, trainP1Routes, trainP2Routes, trainVerbalRoutes, trainSignsRoutes, reviewsRoutes, materialsRoutes, outboxRoutes, notFoundRoutes];

const slot = (name: keyof FeatureRoutes): RouteObject[] => features.flatMap((feature) => feature[name] ?? []);

/** Id of the curator layout: its screens are patched in when first visited (router.ts, back-office-routes.ts). */
export const CURATOR_ROUTE_ID = 'curator';

/**
 * The route table of back-office §2.1, with the route names the spec gives (see lib/route-names.ts):
 * the shell and the section layouts, with each feature's screens in its slot. Every route gets an
 * error boundary, so a screen that fails to render leaves the shell standing.
 */
export const routes: RouteObject[] = withErrorBoundaries([
  ...slot('outside').filter((route) => route.path !== '*'),
  {
    lazy: () => import('./shell/AppShell').then((m) => ({ Component: m.AppShell })),
    children: [
      {
        lazy: () => import('../features/main-area/MainArea').then((m) => ({ Component: m.MainArea })),
        children: [{ index: true, lazy: () => import('../features/main-area/MainAreaEntry').then((m) => ({ Component: m.MainAreaEntry })) }, ...slot('main')],
      },
      ...slot('shell'),
      {
        path: 'trains',
        lazy: () => import('../features/sections/TrainsLayout').then((m) => ({ Component: m.TrainsLayout })),
        children: [{ index: true, lazy: () => import('../features/sections/SectionEntry').then((m) => ({ Component: m.TrainsEntry })) }, ...slot('trains')],
      },
      {
        path: 'materials',
        lazy: () => import('../features/sections/MaterialsLayout').then((m) => ({ Component: m.MaterialsLayout })),
        children: [{ index: true, lazy: () => import('../features/sections/SectionEntry').then((m) => ({ Component: m.MaterialsEntry })) }, ...slot('materials')],
      },
      {
        // The back office: only the layout and its entry here; the screens load on the first visit.
        id: CURATOR_ROUTE_ID,
        path: 'curator',
        lazy: () => import('../features/back-office/CuratorLayout').then((m) => ({ Component: m.CuratorLayout })),
        children: [{ index: true, lazy: () => import('../features/back-office/CuratorEntry').then((m) => ({ Component: m.CuratorEntry })) }],
      },
    ],
  },
  ...slot('outside').filter((route) => route.path === '*'),
]);
