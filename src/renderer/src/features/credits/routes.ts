import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const creditsRoutes: FeatureRoutes = {
  shell: [
    {
      // Named 'autoTests' (route-names.ts): start, solving with the timer, result.
      path: 'zachet_auto/:numberTest',
      lazy: () => import('./CreditAutoPage').then((m) => ({ Component: m.CreditAutoPage })),
      handle: { title: ruTitles.zachetAutoNumberTest } satisfies RouteHandle,
    },
    { path: 'zachet_zapis', lazy: () => import('./VerbalBookingPage').then((m) => ({ Component: m.VerbalBookingPage })), handle: { title: ruTitles.zachetZapis } satisfies RouteHandle },
  ],
};
