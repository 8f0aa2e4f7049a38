import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Hono } from 'hono';
import type { AppEnv } from '../contract/http-router';

/** Sampling step of the delay monitor: fine enough to see a stall of a few ms. */
const RESOLUTION_MS = 10;

/**
 * `GET /bench/loop-delay` (BENCH_ROUTES only): how late the event loop ran its timers since the last
 * call, as p50/p99/max in ms, then starts a new window. tests/bench/run.ts reads it after each run,
 * so a tail that comes from the server's own loop (a long synchronous statement, a checkpoint)
 * shows apart from the machine's load.
 */
export function mountLoopDelayBench(app: Hono<AppEnv>): void {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  app.get('/bench/loop-delay', (c) => {
    // The histogram counts the whole wait; the sampling step itself is not a delay.
    const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
    const report = { p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max), samples: histogram.count };
    histogram.reset();
    return c.json(report);
  });
}
