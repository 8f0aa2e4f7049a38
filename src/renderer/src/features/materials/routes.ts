import type { RouteHandle } from '../../lib/route-handle';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's screens, placed by app/routes.ts. */
export const materialsRoutes: FeatureRoutes = {
  materials: [
    { path: 'search_video', lazy: () => import('./VideoSearchPage').then((m) => ({ Component: m.VideoSearchPage })), handle: { title: ruTitles.searchVideo, group: 'materials', link: 'search_video' } satisfies RouteHandle },
    { path: 'search_termin', lazy: () => import('./TermSearchPage').then((m) => ({ Component: m.TermSearchPage })), handle: { title: ruTitles.searchTermin, group: 'materials', link: 'search_termin' } satisfies RouteHandle },
    // Any other Materials address: 'Неизвестный селект …' inside the section, not the 404 page.
    { path: '*', lazy: () => import('./UnknownMaterialsPage').then((m) => ({ Component: m.UnknownMaterialsPage })), handle: { title: ruTitles.materials, group: 'materials' } satisfies RouteHandle },
  ],
};
