import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const authRoutes: FeatureRoutes = {
  outside: [
    {
      path: 'login',
      lazy: () => import('./LoginPage').then((m) => ({ Component: m.LoginPage })),
      handle: { title: ruTitles.login, bare: true } satisfies RouteHandle,
    },
    {
      path: 'signup',
      lazy: () => import('./SignupPage').then((m) => ({ Component: m.SignupPage })),
      handle: { title: ruTitles.signup, bare: true } satisfies RouteHandle,
    },
  ],
};
