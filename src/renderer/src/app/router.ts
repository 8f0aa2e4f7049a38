import { createBrowserRouter } from 'react-router';
import { CURATOR_ROUTE_ID, routes } from './routes';

// The server answers an unknown page outside /study with this app (server/web.ts): show it the 404 page.
if (!/^\/study(\/|$)/.test(window.location.pathname)) window.history.replaceState(null, '', '/study/404');

const BASENAME = '/study';

/**
 * The one router; `/study` is the base in the browser and in the desktop's app:// origin.
 * The back-office screens are not in the first route table: the first visit under /curator loads
 * their list (app/back-office-routes.ts) and patches it under the curator layout.
 */
export const router = createBrowserRouter(routes, {
  basename: BASENAME,
  async patchRoutesOnNavigation({ path, patch }) {
    const inApp = path.startsWith(BASENAME) ? path.slice(BASENAME.length) : path;
    if (!/^\/curator\/./.test(inApp)) return;
    const { backOfficeRoutes } = await import('./back-office-routes');
    patch(CURATOR_ROUTE_ID, backOfficeRoutes);
  },
});
