import { useEffect, useRef } from 'react';
import { whenLiveReconnects } from '../live-request';

/** How often waiting changes are offered to the server again (the browser may say 'online' while our server is down). */
export const OUTBOX_RETRY_MS = 30_000;

/**
 * Extra tries after the connection is reported back, while something still waits: the browser
 * says 'online' (and a socket reconnects) a moment before requests really get through, so the
 * first try may fail where one two seconds later would not — without these the change would wait
 * for the half-minute round.
 */
export const OUTBOX_BACK_ONLINE_STEPS_MS = [2_000, 8_000] as const;

/**
 * Runs the outbox sync when the app starts, when the connection returns (the browser's
 * 'online', the live socket reconnected; then again after OUTBOX_BACK_ONLINE_STEPS_MS while
 * changes wait) and every half minute while `hasPending` says changes wait. Errors are the sync's
 * own business (it keeps what it could not send).
 */
export function useOutboxSync(sync: () => Promise<unknown>, hasPending: () => Promise<boolean>): void {
  const latest = useRef({ sync, hasPending });
  latest.current = { sync, hasPending };
  useEffect(() => {
    const run = () => latest.current.sync().catch(() => undefined);
    const runIfPending = () =>
      latest.current
        .hasPending()
        .then((pending) => (pending ? latest.current.sync() : null))
        .catch(() => undefined);
    let followUps: number[] = [];
    const cancelFollowUps = () => {
      for (const timer of followUps) window.clearTimeout(timer);
      followUps = [];
    };
    const backOnline = () => {
      cancelFollowUps();
      void run();
      followUps = OUTBOX_BACK_ONLINE_STEPS_MS.map((delay) => window.setTimeout(() => void runIfPending(), delay));
    };
    void run();
    window.addEventListener('online', backOnline);
    const offReconnect = whenLiveReconnects(backOnline);
    const timer = window.setInterval(() => {
      if (navigator.onLine) void runIfPending();
    }, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', backOnline);
      offReconnect();
      window.clearInterval(timer);
      cancelFollowUps();
    };
  }, []);
}
