import { describe, expect, it } from 'vitest';
import { createTimeSlicer } from './time-slices';

/** A clock the work moves forward by hand, and a count of loop iterations (an immediate chain). */
function harness(budgetMs: number, options: { acceptShare?: number; acceptBurstMs?: number } = {}) {
  let clock = 0;
  let iteration = 0;
  let counting = true;
  const tick = () => {
    if (!counting) return;
    iteration += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  const slicer = createTimeSlicer({ budgetMs, now: () => clock, ...options });
  return {
    slicer,
    spend: (ms: number) => (clock += ms),
    iteration: () => iteration,
    stop: () => (counting = false),
  };
}

describe('time slices', () => {
  it('runs work at once while the slice has time and nobody waits: its own result, no promise', () => {
    const { slicer, stop } = harness(0.5);
    expect(slicer.admit(() => 42)).toBe(42);
    stop();
  });

  it('queues what comes after the budget and runs it in arrival order, about a budget per iteration', async () => {
    const { slicer, spend, iteration, stop } = harness(0.5);
    const ran: Array<{ item: number; iteration: number }> = [];
    const results = Array.from({ length: 10 }, (_, item) =>
      slicer.admit(() => {
        ran.push({ item, iteration: iteration() });
        spend(0.3);
        return item;
      }),
    );
    // 0.3 ms each against 0.5: the first two in this slice, the rest wait.
    expect(results.slice(0, 2)).toEqual([0, 1]);
    expect(results.slice(2).every((result) => result instanceof Promise)).toBe(true);
    expect(slicer.waiting).toBe(8);
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    stop();
    expect(ran.map((entry) => entry.item)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const perIteration = new Map<number, number>();
    for (const entry of ran) perIteration.set(entry.iteration, (perIteration.get(entry.iteration) ?? 0) + 1);
    // Two per iteration (0.6 ms > 0.5 stops the third), spread over five iterations.
    expect([...perIteration.values()]).toEqual([2, 2, 2, 2, 2]);
    expect(slicer.waiting).toBe(0);
  });

  it('a newcomer waits behind the queue even when the new slice has time (first come, first served)', async () => {
    const { slicer, spend, stop } = harness(0.5);
    const order: string[] = [];
    // Runs at once (nobody waits): its result is not a promise.
    void slicer.admit(() => {
      order.push('a');
      spend(1);
    });
    const late = slicer.admit(() => order.push('b'));
    await new Promise((resolve) => setImmediate(resolve));
    const newcomer = slicer.admit(() => order.push('c'));
    await Promise.all([late, newcomer]);
    stop();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('a work longer than the budget still lets the queue move: one per slice at least', async () => {
    const { slicer, spend, stop } = harness(0.5);
    const done = Array.from({ length: 4 }, (_, item) =>
      slicer.admit(() => {
        spend(5);
        return item;
      }),
    );
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3]);
    stop();
  });

  it('a queued work that throws or rejects rejects its own promise and not the others', async () => {
    const { slicer, spend, stop } = harness(0.5);
    void slicer.admit(() => spend(1));
    const thrown = slicer.admit(() => {
      throw new Error('сбой');
    });
    const rejected = slicer.admit(() => Promise.reject(new Error('отказ')));
    const fine = slicer.admit(() => 'ok');
    await expect(thrown).rejects.toThrow('сбой');
    await expect(rejected).rejects.toThrow('отказ');
    await expect(fine).resolves.toBe('ok');
    stop();
  });

  it('while connections keep arriving, iterations only accept: queued work waits for the burst to end', async () => {
    const { slicer, spend, iteration, stop } = harness(0.5);
    const ran: number[] = [];
    void slicer.admit(() => spend(1));
    const queued = Array.from({ length: 3 }, () => slicer.admit(() => ran.push(iteration())));
    // A burst: one connection accepted in each of the next five iterations (the poll accepts one).
    const burstFrom = iteration();
    for (let i = 0; i < 5; i++) {
      slicer.connectionArrived();
      spend(0.01);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const burstEnd = iteration();
    await Promise.all(queued);
    stop();
    expect(burstEnd - burstFrom).toBeGreaterThanOrEqual(5);
    // Nothing ran while connections were still coming in; all of it right after.
    expect(ran.every((at) => at >= burstEnd)).toBe(true);
    expect(ran).toHaveLength(3);
  });

  it('a flood of connections cannot starve the work: accept-only time is a bounded share', async () => {
    const { slicer, spend, iteration, stop } = harness(0.5, { acceptShare: 0.2, acceptBurstMs: 5 });
    let done = 0;
    const work = Array.from({ length: 200 }, () =>
      slicer.admit(() => {
        spend(0.5);
        done += 1;
      }),
    );
    // A new connection in every iteration, each iteration 0.1 ms of the loop's own time.
    let flooding = true;
    const flood = () => {
      if (!flooding) return;
      slicer.connectionArrived();
      spend(0.1);
      setImmediate(flood);
    };
    flood();
    const from = iteration();
    await Promise.all(work);
    flooding = false;
    stop();
    // Without a bound no work would run until the flood stops; with it the 200 finish while it goes on.
    expect(done).toBe(200);
    expect(iteration() - from).toBeLessThan(600);
  });
});
