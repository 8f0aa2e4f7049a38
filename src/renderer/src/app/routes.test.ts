import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { backOfficeRoutes } from './back-office-routes';
import { routes } from './routes';

/** Paths of each level's children that appear more than once (the first match wins, so a duplicate hides a screen). */
function duplicates(list: readonly RouteObject[], prefix = ''): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const route of list) {
    if (route.path !== undefined) {
      const path = `${prefix}/${route.path}`;
      if (seen.has(path)) repeated.push(path);
      seen.add(path);
    }
    if (route.children) repeated.push(...duplicates(route.children, route.path === undefined ? prefix : `${prefix}/${route.path}`));
  }
  return repeated;
}

describe('route table', () => {
  it('names every path once per level (a merge once left a placeholder in front of a real screen)', () => {
    expect(duplicates(routes)).toEqual([]);
    // The back office is patched under the curator layout next to its entry route.
    expect(duplicates(backOfficeRoutes, '/curator')).toEqual([]);
  });

  it('gives every route an error boundary, so a failing screen leaves the shell standing', () => {
    const missing = (list: readonly RouteObject[]): number =>
      list.reduce((sum, route) => sum + (route.ErrorBoundary ? 0 : 1) + missing(route.children ?? []), 0);
    expect(missing(routes)).toBe(0);
    expect(missing(backOfficeRoutes)).toBe(0);
  });
});
