import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** The review session «Повторение» at /trains/reviews (the «Сегодня» plan links here). */
export const reviewsRoutes: FeatureRoutes = {
  trains: [
    { path: 'reviews', lazy: () => import('./ReviewsPage').then((m) => ({ Component: m.ReviewsPage })), handle: { title: ruTitles.reviews, group: 'trains', link: 'reviews' } satisfies RouteHandle },
  ],
};
