import { clearSession } from './session';
import { disconnectLive } from './live';
import { queryClient } from './query-client';

/** How the caller moves to another route: `useNavigate()` inside the router, `router.navigate` outside it. */
export type GoTo = (to: string, options: { replace: boolean }) => unknown;

/**
 * After a '-1' or a logout: drop the session, the socket and every cached answer, go to sign-in.
 * The caller passes its navigation, so this module need not import the router (whose route
 * table leads, through the shell, back here).
 */
export function signOutLocally(goTo: GoTo): void {
  clearSession();
  disconnectLive();
  queryClient.clear();
  void goTo('/login', { replace: true });
}
