import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const mailingsBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'tg_sending', lazy: () => import('./MailingsPage').then((m) => ({ Component: m.MailingsPage })), handle: { title: ruTitles.tgSending, group: 'curator', link: 'tg_sending' } satisfies RouteHandle },
  ],
};
