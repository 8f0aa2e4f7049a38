import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { DesktopApi } from '../../../../shared/desktop-api';
import { openOfflineCache, type OfflineCache } from '../../../../main/cache/offline-cache';
import { createInProcessDesktop } from '../../../../main/testing/in-process-desktop';
import { createCoalescedDrafts, DESKTOP_DRAFT_HOLD_MS } from './desktop-draft-writes';

describe('desktop draft writes gathered (one fsync per 250 ms, not per key)', () => {
  let cache: OfflineCache;
  let put: Mock<DesktopApi['drafts']['put']>;
  let drafts: ReturnType<typeof createCoalescedDrafts>;

  beforeEach(() => {
    vi.useFakeTimers();
    cache = openOfflineCache(':memory:');
    const desktop = createInProcessDesktop(cache).drafts;
    put = vi.fn<DesktopApi['drafts']['put']>(desktop.put);
    drafts = createCoalescedDrafts({ ...desktop, put });
  });
  afterEach(() => {
    vi.useRealTimers();
    cache.close();
  });

  it('writes the latest text of a burst once, and every caller learns it is on disk', async () => {
    const typed = ['Г', 'Го', 'Гос', 'Госу', 'Государство'].map((value, index) => drafts.put({ key: 'hw:7', value, ...(index === 0 ? { serverVersion: 'v3' } : {}) }));
    expect(put).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DESKTOP_DRAFT_HOLD_MS);
    expect(put).toHaveBeenCalledTimes(1);
    // The base version given by the burst's first write is kept.
    expect(put).toHaveBeenCalledWith({ key: 'hw:7', value: 'Государство', serverVersion: 'v3' });
    for (const record of await Promise.all(typed)) expect(record).toMatchObject({ key: 'hw:7', value: 'Государство', serverVersion: 'v3' });
    expect(cache.drafts.get('hw:7')).toMatchObject({ value: 'Государство', serverVersion: 'v3' });
  });

  it('a read, a list, a delete or leaving the page sends what is held first', async () => {
    void drafts.put({ key: 'hw:1', value: 'первый' });
    expect(await drafts.get('hw:1')).toMatchObject({ value: 'первый' });
    void drafts.put({ key: 'hw:2', value: 'второй' });
    expect((await drafts.list('hw:')).map((record) => record.value)).toEqual(['первый', 'второй']);
    void drafts.put({ key: 'hw:2', value: 'второй, исправленный' });
    await drafts.delete('hw:2');
    expect(cache.drafts.get('hw:2')).toBeNull();
    void drafts.put({ key: 'hw:1', value: 'последняя буква' });
    await drafts.flush();
    expect(cache.drafts.get('hw:1')).toMatchObject({ value: 'последняя буква' });
    expect(put).toHaveBeenCalledTimes(4);
  });

  it('keeps the order of bursts: a later text never lands before an earlier one', async () => {
    void drafts.put({ key: 'hw:3', value: 'раньше' });
    const first = drafts.flush();
    void drafts.put({ key: 'hw:3', value: 'позже' });
    await Promise.all([first, drafts.flush()]);
    expect(put.mock.calls.map(([draft]) => draft.value)).toEqual(['раньше', 'позже']);
    expect(cache.drafts.get('hw:3')).toMatchObject({ value: 'позже' });
  });
});
