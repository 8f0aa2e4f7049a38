import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('coalesce', () => {
  it('runs items handed in together as one batch, one batch at a time, the next with what arrived meanwhile', async () => {
    const batches: number[][] = [];
    let active = 0;
    let most = 0;
    const add = coalesce<number>(
      async (items) => {
        active += 1;
        most = Math.max(most, active);
        batches.push(items);
        await later(30);
        active -= 1;
      },
      (error) => {
        throw error;
      },
      5,
    );
    for (let item = 1; item <= 100; item++) add(item);
    await later(15);
    // The first batch is running: these wait for it and then go together.
    add(101);
    add(102);
    await later(100);
    expect(batches).toEqual([Array.from({ length: 100 }, (_, index) => index + 1), [101, 102]]);
    expect(most).toBe(1);
  });

  it('reports a failed batch and still runs the next one', async () => {
    const errors: unknown[] = [];
    const seen: string[][] = [];
    const add = coalesce<string>(
      async (items) => {
        seen.push(items);
        if (items.includes('bad')) throw new Error('batch failed');
      },
      (error) => errors.push(error),
      0,
    );
    add('bad');
    await later(10);
    add('good');
    await later(10);
    expect(seen).toEqual([['bad'], ['good']]);
    expect(errors).toHaveLength(1);
  });
});
