import { getHomeTaskTimer } from '@shared/contract/homework-p1';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';

/** Re-synced with the server's clock this often (learning §9). */
export const TIMER_SYNC_MS = 2 * 60_000;

/**
 * The required part's countdown: starts from the seconds the server gave, ticks each second,
 * re-syncs every 2 minutes and when the window regains focus, and calls `onExpired` once at 0
 * (the server then ends the part on the next load).
 */
export function usePartTimer(htNum: number, serverSeconds: number | null, loadedAt: number, onExpired: () => void): number | null {
  const [left, setLeft] = useState<number | null>(serverSeconds);
  const expiredRef = useRef(onExpired);
  expiredRef.current = onExpired;

  // Every fresh load of the part resets the countdown to the server's value.
  useEffect(() => setLeft(serverSeconds), [serverSeconds, loadedAt]);

  const running = serverSeconds !== null;
  useEffect(() => {
    if (!running) return;
    const tick = window.setInterval(() => setLeft((value) => (value === null ? value : Math.max(0, value - 1))), 1000);
    let cancelled = false;
    const sync = () => {
      api
        .call(getHomeTaskTimer, { htPart: 'p1', htNum }, { handleErrors: true })
        .then(({ timer }) => {
          if (cancelled) return;
          // null: the part is no longer being solved; reload to follow the status.
          if (timer === null) expiredRef.current();
          else setLeft(timer);
        })
        .catch(() => undefined); // The local countdown goes on; the next sync corrects it.
    };
    const every = window.setInterval(sync, TIMER_SYNC_MS);
    window.addEventListener('focus', sync);
    return () => {
      cancelled = true;
      window.clearInterval(tick);
      window.clearInterval(every);
      window.removeEventListener('focus', sync);
    };
  }, [running, htNum]);

  const firedRef = useRef(false);
  useEffect(() => {
    if (left === 0 && !firedRef.current) {
      firedRef.current = true;
      expiredRef.current();
    }
    if (left !== null && left > 0) firedRef.current = false;
  }, [left]);

  return running ? left : null;
}
