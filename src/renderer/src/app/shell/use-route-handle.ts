import { useMatches } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';

/** The deepest route's handle merged over its parents' (title, group, bare). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return matches.reduce<RouteHandle>((merged, match) => ({ ...merged, ...((match.handle as RouteHandle | undefined) ?? {}) }), {});
}
