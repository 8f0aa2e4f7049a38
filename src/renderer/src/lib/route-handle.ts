import type { NavGroup } from './nav-memory';

/** What a route tells the shell: its title (placeholder screens, document title) and nav group. */
export interface RouteHandle {
  title?: string;
  group?: NavGroup;
  /** Remembered as the group's active link (defaults to the route's own path segment). */
  link?: string;
  /** Header and footer hidden (full-page screens such as homework part 2). */
  bare?: boolean;
  /** The page uses the full window width instead of the 1242 px layout (the roadmap); restored on leaving it. */
  wide?: boolean;
}
