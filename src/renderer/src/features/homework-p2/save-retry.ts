/** Waits before each new try of a save that could not reach the server: 5 s, 10 s, then every 30 s. */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 10_000, 30_000];

/** The wait before try number `attempt` (0 is the first retry); the last delay repeats. */
export function retryDelay(attempt: number, delays: readonly number[] = RETRY_DELAYS_MS): number {
  return delays[Math.min(attempt, delays.length - 1)] ?? 0;
}

export interface SaveRetry {
  /** A save could not reach the server: try again later, each wait longer than the last. */
  failedOffline(): void;
  /** A save reached the server (taken or refused): nothing waits any more. */
  settled(): void;
  /** The connection is back (browser 'online', live socket reconnected): try at once if waiting. */
  now(): void;
  /** True while a save waits for its next try or is being tried. */
  pending(): boolean;
  /** Stops for good (the form left): no more tries. */
  dispose(): void;
}

/**
 * When to send again a save that found no connection. `send` performs one save and reports its
 * outcome through `failedOffline` / `settled` (the same calls every other save makes), so a retry
 * and a save the student asked for share one state. Tries never overlap.
 */
export function createSaveRetry(send: () => Promise<unknown>, delays: readonly number[] = RETRY_DELAYS_MS): SaveRetry {
  let state: 'idle' | 'waiting' | 'running' = 'idle';
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A save reported no connection while a try ran: wait the next step once the try is over.
  let failedDuringRun = false;
  let disposed = false;

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const wait = () => {
    state = 'waiting';
    timer = setTimeout(run, retryDelay(attempt, delays));
  };

  function run(): void {
    clearTimer();
    if (disposed || state !== 'waiting') return;
    state = 'running';
    failedDuringRun = false;
    void send()
      .catch(() => undefined)
      .finally(() => {
        if (disposed || !failedDuringRun) {
          // Reached the server, or threw before it: nothing to wait for.
          state = 'idle';
          return;
        }
        failedDuringRun = false;
        attempt += 1;
        wait();
      });
  }

  return {
    failedOffline() {
      if (disposed) return;
      if (state === 'running') failedDuringRun = true;
      else if (state === 'idle') {
        attempt = 0;
        wait();
      }
    },
    settled() {
      clearTimer();
      failedDuringRun = false;
      attempt = 0;
      if (state === 'waiting') state = 'idle';
    },
    now() {
      if (state === 'waiting') run();
    },
    pending: () => state !== 'idle',
    dispose() {
      disposed = true;
      clearTimer();
      state = 'idle';
    },
  };
}
