import { timerSync } from '@shared/contract/decide-first';
import { DECIDE_FIRST, timeLeftMs } from '@shared/domain/decide-first';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';

/**
 * The game's countdown: the server's clock every 3 s (timer_sync), counted down locally every
 * 100 ms in between. Calls `onChange` when the game changed on the server (lastGameUpdate) or
 * when the countdown reaches zero (learning §4: the game data reloads then).
 */
export function useGameClock(gameId: number, timer: number | null, lastGameUpdate: number, onChange: () => void): number | null {
  const [base, setBase] = useState(() => ({ timer, syncedAt: performance.now() }));
  const [now, setNow] = useState(() => performance.now());
  const known = useRef(lastGameUpdate);
  const changed = useRef(onChange);
  changed.current = onChange;

  // Fresh game data resets the countdown to what it says.
  useEffect(() => {
    known.current = lastGameUpdate;
    setBase({ timer, syncedAt: performance.now() });
  }, [timer, lastGameUpdate]);

  useEffect(() => {
    let stopped = false;
    const sync = async () => {
      try {
        const reply = await api.call(timerSync, { gameId }, { handleErrors: true });
        if (stopped) return;
        setBase({ timer: reply.timer, syncedAt: performance.now() });
        if (reply.lastGameUpdate !== known.current) {
          known.current = reply.lastGameUpdate;
          changed.current();
        }
      } catch {
        // A missed sync keeps the local count going; the next one (or a reload) corrects it.
        if (!stopped) changed.current();
      }
    };
    const syncing = window.setInterval(() => void sync(), DECIDE_FIRST.timerSyncMs);
    const ticking = window.setInterval(() => setNow(performance.now()), DECIDE_FIRST.timerTickMs);
    return () => {
      stopped = true;
      window.clearInterval(syncing);
      window.clearInterval(ticking);
    };
  }, [gameId]);

  const left = base.timer === null ? null : timeLeftMs(base.timer, base.syncedAt, now);
  const reachedZero = left === 0 && base.timer !== null && base.timer > 0;
  const fired = useRef<number | null>(null);
  useEffect(() => {
    if (reachedZero && fired.current !== base.syncedAt) {
      fired.current = base.syncedAt;
      changed.current();
    }
  }, [reachedZero, base.syncedAt]);
  return left;
}
