import { useEffect, useRef } from 'react';
import { whenLiveReconnects } from '../live-request';

/** How often waiting changes are offered to the server again (the browser may say 'online' while our server is down). */
export const OUTBOX_RETRY_MS = 30_000;

/**
 * Runs the outbox sync when the app starts, when the connection returns (the browser's
 * 'online', the live socket reconnected) and every half minute while `hasPending` says changes
 * wait. Errors are the sync's own business (it keeps what it could not send).
 */
export function useOutboxSync(sync: () => Promise<unknown>, hasPending: () => Promise<boolean>): void {
  const latest = useRef({ sync, hasPending });
  latest.current = { sync, hasPending };
  useEffect(() => {
    const run = () => void latest.current.sync().catch(() => undefined);
    run();
    window.addEventListener('online', run);
    const offReconnect = whenLiveReconnects(run);
    const timer = window.setInterval(() => {
      if (!navigator.onLine) return;
      void latest.current
        .hasPending()
        .then((pending) => (pending ? latest.current.sync() : null))
        .catch(() => undefined);
    }, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', run);
      offReconnect();
      window.clearInterval(timer);
    };
  }, []);
}
