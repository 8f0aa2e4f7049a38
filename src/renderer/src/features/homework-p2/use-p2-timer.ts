import { getHomeTaskTimer } from '@shared/contract/homework-p1';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';

/** Re-synced with the server's clock this often (learning §9). */
export const P2_TIMER_SYNC_MS = 2 * 60_000;

/**
 * The part 2 time budget: starts from the seconds the server gave, counts down each second,
 * re-syncs every 2 minutes (and on focus) sending its own value as `localTimer`; the server's
 * answer always wins. The count runs on the wall clock, so a throttled background tab does not
 * fall behind. null = no budget (untimed, mistake work, not in progress).
 */
export function useP2Timer(htNum: number, serverSeconds: number | null, loadedAt: number): number | null {
  const [endsAt, setEndsAt] = useState<number | null>(() => (serverSeconds === null ? null : Date.now() + serverSeconds * 1000));
  const [now, setNow] = useState(() => Date.now());
  const endsRef = useRef(endsAt);
  endsRef.current = endsAt;

  // Every fresh load resets the count to the server's value.
  useEffect(() => {
    setEndsAt(serverSeconds === null ? null : Date.now() + serverSeconds * 1000);
    setNow(Date.now());
  }, [serverSeconds, loadedAt]);

  const running = serverSeconds !== null;
  useEffect(() => {
    if (!running) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    let cancelled = false;
    const sync = () => {
      const localTimer = endsRef.current === null ? 0 : Math.max(0, Math.ceil((endsRef.current - Date.now()) / 1000));
      api
        .call(getHomeTaskTimer, { htPart: 'p2', htNum, localTimer }, { handleErrors: true })
        .then(({ timer }) => {
          if (cancelled) return;
          setEndsAt(timer === null ? null : Date.now() + timer * 1000);
          setNow(Date.now());
        })
        .catch(() => undefined); // The local count goes on; the next sync corrects it.
    };
    const every = window.setInterval(sync, P2_TIMER_SYNC_MS);
    window.addEventListener('focus', sync);
    return () => {
      cancelled = true;
      window.clearInterval(tick);
      window.clearInterval(every);
      window.removeEventListener('focus', sync);
    };
  }, [running, htNum]);

  if (!running || endsAt === null) return null;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}
