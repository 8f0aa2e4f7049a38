import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const documentsRoutes: FeatureRoutes = {
  outside: [
    // The school's documents: public, outside the shell, linked from the top-up popup.
    {
      path: 'oferta',
      lazy: () => import('./DocumentPage').then((m) => ({ Component: m.OfertaPage })),
      handle: { title: ruTitles.oferta, bare: true } satisfies RouteHandle,
    },
    {
      path: 'privacy',
      lazy: () => import('./DocumentPage').then((m) => ({ Component: m.PrivacyPage })),
      handle: { title: ruTitles.privacy, bare: true } satisfies RouteHandle,
    },
  ],
};
