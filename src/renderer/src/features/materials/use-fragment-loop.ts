import { type RefObject, useEffect } from 'react';
import type { VideoPlayerHandle } from '../../ui/video/player-slot';

/** Spec learning §2 'Materials': the fragment bounds are checked every second. */
export const LOOP_CHECK_MS = 1000;

/** What the loop does at a playback time: nothing, go to the start, or pause and restart at the start. */
export function loopAction(ms: number, start: number, end: number): 'none' | 'seek' | 'restart' {
  if (ms < start) return 'seek';
  if (end > start && ms >= end) return 'restart';
  return 'none';
}

/** Keeps playback inside [start, end): before it seeks to the start; at the end pauses and plays again from the start. */
export function useFragmentLoop(player: RefObject<VideoPlayerHandle | null>, start: number, end: number): void {
  useEffect(() => {
    const timer = window.setInterval(() => {
      const handle = player.current;
      if (!handle) return;
      const action = loopAction(handle.currentMs(), start, end);
      if (action === 'seek') handle.seek(start);
      if (action === 'restart') {
        handle.pause();
        handle.seek(start);
        handle.play();
      }
    }, LOOP_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [player, start, end]);
}
