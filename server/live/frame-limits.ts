/**
 * Limits of one socket's incoming frames, shared by the live socket (server/live/hub.ts) and the
 * video-chat signalling socket (server/domains/video-chat/signalling.ts): how many frames it may
 * send, how often it is told that something was refused, and one log line per burst of refused
 * frames instead of one per frame. Pure counters over a millisecond clock, so they test alone.
 */

/** Frames per socket per clock second before the rest are dropped (ICE candidates come in bursts of tens). */
export const MAX_FRAMES_PER_SECOND = 50;
/** A socket is sent at most one error notice per this interval. */
export const NOTICE_INTERVAL_MS = 1_000;
/** A burst of refused frames ends after this long without one. */
export const BURST_GAP_MS = 1_000;

/** Counts a socket's frames in fixed clock-second windows; `take` says whether this one fits. */
export class FrameBudget {
  private second = -1;
  private count = 0;

  constructor(private readonly perSecond = MAX_FRAMES_PER_SECOND) {}

  take(nowMs: number): boolean {
    const second = Math.floor(nowMs / 1000);
    if (second !== this.second) {
      this.second = second;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.perSecond;
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

/**
 * Counts refused frames in bursts (a burst ends after BURST_GAP_MS without a refusal), so a flood
 * writes one log line when it starts and one with its size when it ends or the socket goes, not
 * one per frame (a flood of one socket once wrote 70 MB of log).
 */
export class RefusalBurst {
  private lastAt = Number.NEGATIVE_INFINITY;
  /** Frames refused in the current burst. */
  count = 0;

  /** Counts one refused frame; true when it starts a new burst (the moment to log once). */
  refuse(nowMs: number): boolean {
    const starts = nowMs - this.lastAt >= BURST_GAP_MS;
    if (starts) this.count = 0;
    this.lastAt = nowMs;
    this.count += 1;
    return starts;
  }
}
