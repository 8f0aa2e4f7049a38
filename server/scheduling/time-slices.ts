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
 *
 * Accepting first: even with slices, a burst of N new connections (wrk opens 200 at once; a class
 * opening the app after the bell) is accepted one per iteration, i.e. one per slice of work, so the
 * last of them waited N slices (~0.7 ms each for a part 2 save: 140 ms) before its first request was
 * even read, on top of its turn in the queue — those first requests were the save's p99. While
 * connections keep arriving, an iteration therefore runs no queued work, only the loop's own poll,
 * which accepts the next one: 200 connections are in within a few ms. A flood of connections cannot
 * starve the work: accept-only iterations draw on a budget that refills at `acceptShare` of the
 * wall clock (at most `acceptBurstMs` saved up).
 */
export interface TimeSlicer {
  /**
   * Runs `work` now if the current slice has time left and nobody is waiting (its own result,
   * no extra promise), else queues it and returns a promise of its result.
   */
  admit<T>(work: () => T | Promise<T>): T | Promise<T>;
  /** A new connection was accepted: the next iterations favour accepting the rest of a burst. */
  connectionArrived(): void;
  /** Requests waiting for a slice (tests and the bench read it). */
  readonly waiting: number;
}

export interface TimeSliceOptions {
  /** Work admitted per loop iteration, in ms; at least one item runs per slice. */
  budgetMs: number;
  /** Queued items an iteration may start at most (each gets its own immediate). */
  perIteration?: number;
  /** Share of the wall clock that accept-only iterations may take under a stream of connections. */
  acceptShare?: number;
  /** The most accept-only time saved up for one burst, in ms. */
  acceptBurstMs?: number;
  now?: () => number;
}

export function createTimeSlicer({ budgetMs, perIteration = 32, acceptShare = 0.2, acceptBurstMs = 20, now = () => performance.now() }: TimeSliceOptions): TimeSlicer {
  const queue: Array<() => void> = [];
  let arrivedSinceSlice = false;
  let acceptBudget = acceptBurstMs;
  let budgetAt = now();
  let acceptOnlySince = -1;
  /** True when this iteration should only accept: a connection just came and the budget allows it. */
  const acceptOnly = () => {
    const time = now();
    if (acceptOnlySince >= 0) acceptBudget -= time - acceptOnlySince;
    acceptBudget = Math.min(acceptBurstMs, acceptBudget + (time - budgetAt) * acceptShare);
    budgetAt = time;
    const arrived = arrivedSinceSlice;
    arrivedSinceSlice = false;
    acceptOnlySince = arrived && acceptBudget > 0 ? time : -1;
    return acceptOnlySince >= 0;
  };
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
    if (queue.length === 0) {
      arrivedSinceSlice = false;
      acceptOnlySince = -1;
      return;
    }
    if (acceptOnly()) {
      // No work this iteration: the next poll accepts the next connection of the burst.
      scheduleEnd();
      return;
    }
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
    connectionArrived() {
      arrivedSinceSlice = true;
    },
    get waiting() {
      return queue.length;
    },
  };
}
