import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

// The server answers an unknown page outside /study with this app (server/web.ts): show it the 404 page.
if (!/^\/study(\/|$)/.test(window.location.pathname)) window.history.replaceState(null, '', '/study/404');

/** The one router; `/study` is the base in the browser and in the desktop's app:// origin. */
export const router = createBrowserRouter(routes, { basename: '/study' });
