import type { RouteObject } from 'react-router';
import { useLocation, useNavigate } from 'react-router';
import { ru } from '../i18n/ru';
import { ErrorBox } from '../ui/ErrorBox';

/**
 * What a route shows when its screen fails to load or throws while rendering: the route's own
 * boundary catches it, so the shell and its navigation stay. «Повторить» navigates to the same
 * place again, which clears the router's error and renders the screen anew.
 */
export function RouteError() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ErrorBox
      className="route-error"
      message={ru.common.screenFailed}
      retryLabel={ru.common.screenRetry}
      onRetry={() => void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: location.state })}
    />
  );
}

/** Every route of the tree with the boundary above (a route that has its own keeps it). */
export function withErrorBoundaries(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    if (route.index) return { ErrorBoundary: RouteError, ...route };
    return { ErrorBoundary: RouteError, ...route, ...(route.children ? { children: withErrorBoundaries(route.children) } : {}) };
  });
}
