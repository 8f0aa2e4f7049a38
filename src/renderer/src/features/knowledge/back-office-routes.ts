import type { RouteHandle } from '../../lib/route-handle';
import type { BackOfficeRoutes } from '../../lib/feature-routes';
import { ruTitles } from '../../i18n/titles';

/** This feature's back-office screens, loaded with the back office (app/back-office-routes.ts). */
export const knowledgeBackOffice: BackOfficeRoutes = {
  curator: [
    { path: 'theory_chunks', lazy: () => import('./TheoryChunksPage').then((m) => ({ Component: m.TheoryChunksPage })), handle: { title: ruTitles.theoryChunks, group: 'curator', link: 'theory_chunks' } satisfies RouteHandle },
  ],
};
