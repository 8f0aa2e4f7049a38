import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The one router; `/study` is the base in the browser and in the desktop's app:// origin. */
export const router = createBrowserRouter(routes, { basename: '/study' });
