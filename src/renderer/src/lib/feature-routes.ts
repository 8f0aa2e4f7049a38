import type { RouteObject } from 'react-router';

/**
 * Where a feature's screens hang in the route tree. Each feature exports one of these from its
 * `routes.ts`; app/routes.ts lists the modules and puts every slot under its layout.
 */
export interface FeatureRoutes {
  /** Outside the shell, no header or footer: sign-in, the school's documents, the 404 page. */
  outside?: RouteObject[];
  /** Inside the shell, at its top level. */
  shell?: RouteObject[];
  /** Sub-pages of the personal area (side nav of the main group). */
  main?: RouteObject[];
  /** Sub-pages of «Тренировки». */
  trains?: RouteObject[];
  /** Sub-pages of «Материалы». */
  materials?: RouteObject[];
}

/**
 * A feature's back-office screens, from its `back-office-routes.ts`. app/back-office-routes.ts lists
 * them; the router loads that list on the first visit under /curator, so the sign-in page and the
 * student screens never carry it.
 */
export interface BackOfficeRoutes {
  /** Under the curator layout (/curator/…). */
  curator?: RouteObject[];
  /** Under the question bank layout (/curator/questions/…). */
  questions?: RouteObject[];
}
