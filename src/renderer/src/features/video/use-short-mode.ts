import { type RefObject, useEffect, useRef, useState } from 'react';
import type { DetailedTimecode } from '@shared/contract/video';
import type { VideoPlayerHandle } from '../../ui/video/player-slot';

/** Spec learning §9: the skip check runs every second and the notice stays 3 s. */
export const SKIP_CHECK_MS = 1000;
export const SKIP_NOTICE_MS = 3000;

/** The detailed-explanation fragment playing at `ms`, if any. */
export function fragmentAt(fragments: readonly DetailedTimecode[], ms: number): DetailedTimecode | undefined {
  return fragments.find((fragment) => fragment.timeEnd > fragment.timeStart && ms >= fragment.timeStart && ms < fragment.timeEnd);
}

/**
 * Short mode ('Кратко'): while on, every second, if playback is inside a detailed explanation,
 * jump to its end. Returns whether the 'skipped' notice is showing.
 */
export function useShortModeSkip(player: RefObject<VideoPlayerHandle | null>, enabled: boolean, fragments: readonly DetailedTimecode[]): boolean {
  const [notice, setNotice] = useState(false);
  const hideTimer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!enabled || fragments.length === 0) return;
    const timer = window.setInterval(() => {
      const handle = player.current;
      if (!handle) return;
      const inside = fragmentAt(fragments, handle.currentMs());
      if (!inside) return;
      handle.seek(inside.timeEnd);
      setNotice(true);
      window.clearTimeout(hideTimer.current);
      hideTimer.current = window.setTimeout(() => setNotice(false), SKIP_NOTICE_MS);
    }, SKIP_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [player, enabled, fragments]);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  return notice;
}
