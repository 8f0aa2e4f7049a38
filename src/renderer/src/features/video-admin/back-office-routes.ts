import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const videoAdminBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'video_edit', lazy: () => import('./VideoListPage').then((m) => ({ Component: m.VideoListPage })), handle: { title: ruTitles.videoEdit, group: 'curator', link: 'video_edit' } satisfies RouteHandle },
    { path: 'video_edit/:videoId', lazy: () => import('./VideoDetailPage').then((m) => ({ Component: m.VideoDetailPage })), handle: { title: ruTitles.videoEditVideoId, group: 'curator', link: 'video_edit' } satisfies RouteHandle },
    { path: 'timecodes/:videoId', lazy: () => import('./TimecodesPage').then((m) => ({ Component: m.TimecodesPage })), handle: { title: ruTitles.timecodesVideoId, group: 'curator', link: 'video_edit' } satisfies RouteHandle },
  ],
};
