import { useEffect } from 'react';
import { whenLiveReconnects } from '../../../lib/live-request';
import { pendingP2Count } from './p2-outbox';
import { studentScope, syncStudentSaves } from './use-p2-outbox';

/** How often waiting saves are offered to the server again (the browser may say 'online' while our server is down). */
const SYNC_RETRY_MS = 30_000;

/**
 * Mounted with the shell (an overlay that draws nothing): part 2 answers saved on the device
 * without a connection are sent when the app starts, when the connection returns and every half
 * minute while any wait, whichever page is open (issue 29 item 2).
 */
export function P2OutboxSync() {
  useEffect(() => {
    const sync = () => void syncStudentSaves().catch(() => undefined);
    sync();
    window.addEventListener('online', sync);
    const offReconnect = whenLiveReconnects(sync);
    const timer = window.setInterval(() => {
      void studentScope()
        .then(async (scope) => (scope && navigator.onLine && (await pendingP2Count(scope)) > 0 ? syncStudentSaves() : null))
        .catch(() => undefined);
    }, SYNC_RETRY_MS);
    return () => {
      window.removeEventListener('online', sync);
      offReconnect();
      window.clearInterval(timer);
    };
  }, []);
  return null;
}
