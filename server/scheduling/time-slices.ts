/**
 * Admits work (one HTTP request each) in short time slices so the event loop returns to polling
 * often while the server is saturated.
 *
 * Why: libuv accepts one new connection per loop iteration (libuv PR #3696). Without slices, one
 * iteration of a busy server runs every ready request to the end — 200 connections × 230 µs is
 * ~50 ms — so a burst of new connections waits one such iteration each: the 200th a whole
 * 3–4 s (`npm run bench`, read p99 3.8 s at 200 connections, while the loop delay stayed under
 * 70 ms). With slices an iteration runs about `budgetMs` of requests and the rest wait in arrival
 * order; the loop polls (and accepts) between slices.
 *
 * Each deferred request runs in its own `setImmediate`, so the promise chain it starts (the
 * handler's awaits on SQLite resolve as microtasks) finishes before the clock is read for the next.
 */
export interface TimeSlicer {
  /**
   * Runs `work` now if the current slice has time left and nobody is waiting (its own result,
   * no extra promise), else queues it and returns a promise of its result.
   */
  admit<T>(work: () => T | Promise<T>): T | Promise<T>;
  /** Requests waiting for a slice (tests and the bench read it). */
  readonly waiting: number;
}

export interface TimeSliceOptions {
  /** Work admitted per loop iteration, in ms; at least one item runs per slice. */
  budgetMs: number;
  /** Queued items an iteration may start at most (each gets its own immediate). */
  perIteration?: number;
  now?: () => number;
}

export function createTimeSlicer({ budgetMs, perIteration = 32, now = () => performance.now() }: TimeSliceOptions): TimeSlicer {
  const queue: Array<() => void> = [];
  let sliceStart = -1;
  let ranInSlice = 0;
  let pumpsScheduled = 0;
  let endScheduled = false;

  const scheduleEnd = () => {
    if (endScheduled) return;
    endScheduled = true;
    // Runs after this iteration's I/O callbacks and after the pumps queued before it.
    setImmediate(endSlice);
  };
  const openSlice = () => {
    if (sliceStart >= 0) return;
    sliceStart = now();
    ranInSlice = 0;
    scheduleEnd();
  };
  const hasTime = () => ranInSlice === 0 || now() - sliceStart < budgetMs;
  const run = (work: () => void) => {
    ranInSlice += 1;
    work();
  };
  const endSlice = () => {
    endScheduled = false;
    sliceStart = -1;
    if (queue.length === 0) return;
    const wanted = Math.min(queue.length, perIteration) - pumpsScheduled;
    for (let i = 0; i < wanted; i++) {
      pumpsScheduled += 1;
      // Queued from inside the check phase: they run in the next iteration, after its poll.
      setImmediate(pump);
    }
    scheduleEnd();
  };
  const pump = () => {
    pumpsScheduled -= 1;
    if (queue.length === 0) return;
    openSlice();
    if (!hasTime()) return;
    run(queue.shift()!);
  };

  return {
    admit<T>(work: () => T | Promise<T>): T | Promise<T> {
      openSlice();
      if (queue.length === 0 && hasTime()) {
        ranInSlice += 1;
        return work();
      }
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          try {
            Promise.resolve(work()).then(resolve, reject);
          } catch (error) {
            reject(error);
          }
        });
      });
    },
    get waiting() {
      return queue.length;
    },
  };
}
