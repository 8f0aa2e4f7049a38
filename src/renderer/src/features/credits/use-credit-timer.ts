import { useEffect, useRef, useState } from 'react';

/** Re-synced with the server's clock this often (learning §9). */
export const CREDIT_SYNC_MS = 2 * 60_000;

/**
 * The running attempt's countdown. The server keeps the time (it survives a reload and a second
 * device), so `resync` reloads the credit: every 2 minutes, when the window regains focus, and once
 * at 0 (the server then ends the attempt and the result shows).
 */
export function useCreditTimer(serverSeconds: number | null, loadedAt: number, resync: () => void): number | null {
  const [left, setLeft] = useState<number | null>(serverSeconds);
  const resyncRef = useRef(resync);
  resyncRef.current = resync;

  // Every fresh load resets the countdown to the server's value.
  useEffect(() => setLeft(serverSeconds), [serverSeconds, loadedAt]);

  const running = serverSeconds !== null;
  useEffect(() => {
    if (!running) return;
    const tick = window.setInterval(() => setLeft((value) => (value === null ? value : Math.max(0, value - 1))), 1000);
    const sync = () => resyncRef.current();
    const every = window.setInterval(sync, CREDIT_SYNC_MS);
    window.addEventListener('focus', sync);
    return () => {
      window.clearInterval(tick);
      window.clearInterval(every);
      window.removeEventListener('focus', sync);
    };
  }, [running]);

  const firedRef = useRef(false);
  useEffect(() => {
    if (left === 0 && !firedRef.current) {
      firedRef.current = true;
      resyncRef.current();
    }
    if (left !== null && left > 0) firedRef.current = false;
  }, [left]);

  return running ? left : null;
}
