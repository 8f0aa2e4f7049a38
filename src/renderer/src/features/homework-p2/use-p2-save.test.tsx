import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { useP2Save } from './use-p2-save';

const { call, writeDraft, clearDraft, queueP2Save } = vi.hoisted(() => ({ call: vi.fn(), writeDraft: vi.fn(), clearDraft: vi.fn(), queueP2Save: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { call } }));
vi.mock('./p2-storage', () => ({ writeDraft, clearDraft }));
// The device's outbox: a scope that exists, so a save without a connection is queued in it.
vi.mock('./offline/use-p2-outbox', () => ({ studentScope: async () => ({ owner: 'anna' }), markFormOpen: () => () => undefined, announceP2Change: () => undefined }));
vi.mock('./offline/p2-outbox', () => ({ queueP2Save, pendingP2Save: async () => null, settleP2Saves: async () => undefined }));
vi.mock('../../lib/live-request', () => ({ whenLiveReconnects: () => () => undefined }));

const options = { htNum: 7, dop: '0' as const, tab: 'tab-1', storageKey: 'hw-7', initial: { '1': '', '2': 'старый текст' }, server: { '1': '', '2': 'старый текст' }, locked: new Set(['2']), startDirty: false };

describe('saving part 2 answers (useP2Save)', () => {
  beforeEach(() => {
    for (const mock of [call, writeDraft, clearDraft, queueP2Save]) mock.mockReset();
  });

  it('keeps every change as a draft, then sends the unlocked answers with the tab and clears the draft', async () => {
    call.mockResolvedValue({ savedAt: '22:15' });
    const { result } = renderHook(() => useP2Save(options));
    act(() => result.current.update('1', 'Рынок — это'));
    expect(result.current.state).toEqual({ kind: 'unsaved' });
    expect(writeDraft).toHaveBeenLastCalledWith(expect.objectContaining({ key: 'hw-7', tab: 'tab-1', answers: { '1': 'Рынок — это', '2': 'старый текст' } }));
    await act(async () => expect(await result.current.save()).toBe(true));
    const [, input] = call.mock.calls[0]!;
    // A checked (locked) answer is never sent.
    expect(input).toMatchObject({ htNum: 7, isDopPart: '0', questions: [{ q_number: 1, user_answer: 'Рынок — это' }], forceSave: '0', markSave: 'tab-1' });
    expect(result.current.state).toEqual({ kind: 'saved', at: '22:15' });
    expect(result.current.isDirty()).toBe(false);
    expect(clearDraft).toHaveBeenCalledWith('hw-7', 'tab-1');
  });

  it('queues a save that finds no connection and resends it with the same operation id', async () => {
    call.mockRejectedValueOnce(new ApiError('transport', 'Нет связи с сервером'));
    const { result } = renderHook(() => useP2Save(options));
    act(() => result.current.update('1', 'Государство'));
    await act(async () => expect(await result.current.save()).toBe(false));
    expect(result.current.state).toEqual({ kind: 'queued' });
    expect(result.current.error).toBeNull();
    expect(queueP2Save).toHaveBeenCalledTimes(1);
    const firstOp = call.mock.calls[0]![1].opId;
    expect(queueP2Save.mock.calls[0]![1]).toMatchObject({ opId: firstOp });
    call.mockResolvedValueOnce({ savedAt: '22:16' });
    await act(async () => expect(await result.current.save()).toBe(true));
    // The same answers sent again: the server answers «уже применено» if the first one got through.
    expect(call.mock.calls[1]![1].opId).toBe(firstOp);
  });

  it('asks before taking the work over from another device (code 22), and shows other refusals in Russian', async () => {
    call.mockRejectedValueOnce(new ApiError('failure', 'ДЗ открыто на другом устройстве', '22'));
    const { result } = renderHook(() => useP2Save(options));
    act(() => result.current.update('1', 'Право'));
    await act(async () => expect(await result.current.save()).toBe(false));
    expect(result.current.conflict).toBe(true);
    expect(result.current.error).toBeNull();
    call.mockResolvedValueOnce({ savedAt: '22:17' });
    await act(async () => result.current.forceSave());
    expect(call.mock.calls[1]![1]).toMatchObject({ forceSave: '1' });
    expect(result.current.conflict).toBe(false);

    call.mockRejectedValueOnce(new ApiError('failure', 'Время на часть 2 вышло'));
    act(() => result.current.update('1', 'Право и мораль'));
    await act(async () => expect(await result.current.save()).toBe(false));
    expect(result.current.error).toBe('Время на часть 2 вышло');
    expect(result.current.state).toEqual({ kind: 'unsaved' });
  });

  it('a refusal is final: no retry sends it again (the first retry steps are 5, 10 and 30 s)', async () => {
    vi.useFakeTimers();
    try {
      call.mockRejectedValue(new ApiError('failure', 'Время на выполнение ДЗ закончилось'));
      const { result } = renderHook(() => useP2Save(options));
      act(() => result.current.update('1', 'Ответ после дедлайна'));
      await act(async () => expect(await result.current.save()).toBe(false));
      expect(result.current.error).toBe('Время на выполнение ДЗ закончилось');
      // Past three retry steps, before the two-minute autosave.
      await act(() => vi.advanceTimersByTimeAsync(100_000));
      expect(call).toHaveBeenCalledTimes(1);
      expect(queueP2Save).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
