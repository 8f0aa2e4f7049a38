import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebounce } from './debounce';

describe('createDebounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once with the last arguments after the pause', () => {
    const fn = vi.fn();
    const debounced = createDebounce(fn, 600);
    debounced.call('е');
    vi.advanceTimersByTime(300);
    debounced.call('ег');
    vi.advanceTimersByTime(599);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('ег');
  });

  it('flushes a pending call now and cancels one', () => {
    const fn = vi.fn();
    const debounced = createDebounce(fn, 600);
    debounced.call('a');
    debounced.flush();
    expect(fn).toHaveBeenCalledExactlyOnceWith('a');
    debounced.flush();
    expect(fn).toHaveBeenCalledTimes(1);
    debounced.call('b');
    debounced.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
