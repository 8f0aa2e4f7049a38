import { forgetDraftOwner } from './drafts';
import { clearSession } from './session';
import { disconnectLive, forgetCachedFlags } from './live';
import { queryClient } from './query-client';

/** How the caller moves to another route: `useNavigate()` inside the router, `router.navigate` outside it. */
export type GoTo = (to: string, options: { replace: boolean }) => unknown;

/**
 * After a '-1' or a logout: drop the session, the socket, the cached display flags and every
 * cached answer, go to sign-in. The user's drafts stay in the offline store under their own key
 * (unless they chose «Удалить» first, see use-sign-out): nobody else signing in here sees them.
 * The caller passes its navigation, so this module need not import the router (whose route
 * table leads, through the shell, back here).
 */
export function signOutLocally(goTo: GoTo): void {
  clearSession();
  disconnectLive();
  void forgetCachedFlags();
  forgetDraftOwner();
  queryClient.clear();
  void goTo('/login', { replace: true });
}
