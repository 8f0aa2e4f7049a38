/**
 * Limits of one signalling socket (shell §7.4): how many frames it may send, and how often it is
 * told that something was refused. Pure counters over a millisecond clock, so they test alone.
 */

/** Frames per socket per clock second before the rest are dropped (ICE candidates come in bursts of tens). */
export const MAX_FRAMES_PER_SECOND = 50;
/** A socket is sent at most one error notice per this interval. */
export const NOTICE_INTERVAL_MS = 1_000;

/** Counts a socket's frames in fixed clock-second windows; `take` says whether this one fits. */
export class FrameBudget {
  private second = -1;
  private count = 0;

  take(nowMs: number): boolean {
    const second = Math.floor(nowMs / 1000);
    if (second !== this.second) {
      this.second = second;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= MAX_FRAMES_PER_SECOND;
  }
}

/**
 * Lets one error notice through per interval; the ones in between are dropped silently. A flood
 * of 1,000 refused frames used to get 950 notices back (issue #25 row 13), which turned the
 * socket into an amplifier; one notice a second still tells an honest client what went wrong.
 */
export class NoticeGate {
  private lastAt = Number.NEGATIVE_INFINITY;

  allows(nowMs: number): boolean {
    if (nowMs - this.lastAt < NOTICE_INTERVAL_MS) return false;
    this.lastAt = nowMs;
    return true;
  }
}
