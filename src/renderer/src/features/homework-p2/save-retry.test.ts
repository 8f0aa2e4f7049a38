import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isConnectionFailure } from '../../lib/error-text';
import { LiveError } from '../../lib/live-client';
import { createSaveRetry, RETRY_DELAYS_MS, retryDelay, type SaveRetry } from './save-retry';

/** A save stand-in: each try takes its outcome from `outcomes` and reports it as the real save does. */
function fakeSave(outcomes: Array<'offline' | 'saved' | 'refused'>) {
  const tries: number[] = [];
  const send = vi.fn(async () => {
    tries.push(Date.now());
    await Promise.resolve();
    const outcome = outcomes.shift() ?? 'saved';
    if (outcome === 'offline') retry.failedOffline();
    else retry.settled();
  });
  const retry = createSaveRetry(send);
  return { retry, send, tries };
}

/** Lets the fake save's awaits finish. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('retry of a save that found no connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('waits 5 s, 10 s, then every 30 s', () => {
    expect(RETRY_DELAYS_MS).toEqual([5_000, 10_000, 30_000]);
    expect([0, 1, 2, 3, 10].map((attempt) => retryDelay(attempt))).toEqual([5_000, 10_000, 30_000, 30_000, 30_000]);
  });

  it('tries again with growing waits until a try reaches the server, then stops', async () => {
    const { retry, send, tries } = fakeSave(['offline', 'offline', 'offline', 'saved']);
    retry.failedOffline();
    expect(retry.pending()).toBe(true);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tries).toEqual([5_000]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tries).toEqual([5_000, 15_000]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tries).toEqual([5_000, 15_000, 45_000]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tries).toEqual([5_000, 15_000, 45_000, 75_000]);
    expect(retry.pending()).toBe(false);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('a refusal is not tried again', async () => {
    const { retry, send } = fakeSave(['refused']);
    retry.failedOffline();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(retry.pending()).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('the connection back sends at once; a failed try then waits the next, longer step', async () => {
    const { retry, tries } = fakeSave(['offline', 'saved']);
    retry.failedOffline();
    await vi.advanceTimersByTimeAsync(2_000);
    retry.now();
    await flush();
    expect(tries).toEqual([2_000]);
    // The 5 s timer set before did not fire on its own.
    await vi.advanceTimersByTimeAsync(9_999);
    expect(tries).toEqual([2_000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries).toEqual([2_000, 12_000]);
    expect(retry.pending()).toBe(false);
  });

  it('does nothing on the connection back when no save waits', async () => {
    const { retry, send } = fakeSave([]);
    retry.now();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).not.toHaveBeenCalled();
  });

  it('never runs two tries at once: a failure reported during a try waits for it to end', async () => {
    let finish: (outcome: 'offline' | 'saved') => void = () => undefined;
    const send = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = (outcome) => {
            if (outcome === 'offline') retry.failedOffline();
            else retry.settled();
            resolve();
          };
        }),
    );
    const retry: SaveRetry = createSaveRetry(send);
    retry.failedOffline();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(1);
    // The connection back and a save of the student's own failing while the try still runs.
    retry.now();
    retry.failedOffline();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(retry.pending()).toBe(true);
    finish('offline');
    await flush();
    // The second step's wait starts when the try ends.
    await vi.advanceTimersByTimeAsync(9_999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    finish('saved');
    await flush();
    expect(retry.pending()).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('a save that succeeded meanwhile cancels the waiting try, and so does leaving the form', async () => {
    const first = fakeSave([]);
    first.retry.failedOffline();
    first.retry.settled();
    expect(first.retry.pending()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(first.send).not.toHaveBeenCalled();
    // A later save with no connection starts over at the first step.
    first.retry.failedOffline();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(first.send).toHaveBeenCalledTimes(1);

    const second = fakeSave([]);
    second.retry.failedOffline();
    second.retry.dispose();
    second.retry.failedOffline();
    second.retry.now();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(second.send).not.toHaveBeenCalled();
    expect(second.retry.pending()).toBe(false);
  });

  it('a try that throws before reaching the server does not leave the retry stuck', async () => {
    const send = vi.fn(() => Promise.reject(new Error('boom')));
    const retry = createSaveRetry(send);
    retry.failedOffline();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(retry.pending()).toBe(false);
    retry.failedOffline();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('which failures are worth retrying', () => {
  it('no connection: transport errors of both clients and the TypeError fetch throws', () => {
    expect(isConnectionFailure(new ApiError('transport', 'Failed to fetch'))).toBe(true);
    expect(isConnectionFailure(new LiveError('transport', 'Соединение с сервером прервано'))).toBe(true);
    expect(isConnectionFailure(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('a refusal, a signed-out session or a plain error are not', () => {
    expect(isConnectionFailure(new ApiError('failure', 'Время на выполнение ДЗ закончилось', '0'))).toBe(false);
    expect(isConnectionFailure(new ApiError('failure', 'Другое устройство', '22'))).toBe(false);
    expect(isConnectionFailure(new ApiError('signedOut', '', '-1'))).toBe(false);
    expect(isConnectionFailure(new Error('boom'))).toBe(false);
    expect(isConnectionFailure('text')).toBe(false);
  });
});
