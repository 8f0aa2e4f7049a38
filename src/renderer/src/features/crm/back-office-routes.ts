import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const crmBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'users', lazy: () => import('./UsersPage').then((m) => ({ Component: m.UsersPage })), handle: { title: ruTitles.users, group: 'curator', link: 'users' } satisfies RouteHandle },
    { path: 'users/:id', lazy: () => import('./AnketaPage').then((m) => ({ Component: m.AnketaPage })), handle: { title: ruTitles.usersId, group: 'curator', link: 'users' } satisfies RouteHandle },
    { path: 'group', lazy: () => import('./GroupPage').then((m) => ({ Component: m.GroupPage })), handle: { title: ruTitles.group, group: 'curator', link: 'group' } satisfies RouteHandle },
  ],
};
