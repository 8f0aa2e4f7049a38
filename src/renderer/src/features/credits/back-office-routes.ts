import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const creditsBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'verbal_slots', lazy: () => import('./VerbalSlotsPage').then((m) => ({ Component: m.VerbalSlotsPage })), handle: { title: ruTitles.verbalSlots, group: 'curator', link: 'verbal_slots' } satisfies RouteHandle },
  ],
};
