import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_RETRY_MS, useOutboxSync } from './use-outbox-sync';

const { reconnect } = vi.hoisted(() => ({ reconnect: { listener: null as null | (() => void) } }));
vi.mock('../live-request', () => ({
  whenLiveReconnects: (listener: () => void) => {
    reconnect.listener = listener;
    return () => (reconnect.listener = null);
  },
}));

describe('useOutboxSync: when queued changes are offered to the server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries at start, when the connection returns, and again 2 s and 8 s later while changes wait', async () => {
    const sync = vi.fn(async () => undefined);
    let pending = true;
    const { unmount } = renderHook(() => useOutboxSync(sync, async () => pending));
    expect(sync).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    expect(sync).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sync).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(sync).toHaveBeenCalledTimes(4);
    // Sent: the live socket's reconnect tries once, and the follow-ups find nothing to send.
    pending = false;
    reconnect.listener?.();
    expect(sync).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS);
    expect(sync).toHaveBeenCalledTimes(5);
    unmount();
    window.dispatchEvent(new Event('online'));
    expect(sync).toHaveBeenCalledTimes(5);
  });

  it('offers waiting changes every half minute while online', async () => {
    const sync = vi.fn(async () => undefined);
    renderHook(() => useOutboxSync(sync, async () => true));
    expect(sync).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS);
    expect(sync).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS);
    expect(sync).toHaveBeenCalledTimes(3);
  });
});
