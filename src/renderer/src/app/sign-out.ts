import { clearSession } from '../lib/session';
import { disconnectLive } from './live';
import { queryClient } from './query-client';
import { router } from './router';

/** After a '-1' or a logout: drop the session, the socket and every cached answer, go to sign-in. */
export function signOutLocally(): void {
  clearSession();
  disconnectLive();
  queryClient.clear();
  void router.navigate('/login', { replace: true });
}
