import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotifier } from './notifier-store';

describe('createNotifier', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stacks messages oldest first and dismisses by id', () => {
    const notifier = createNotifier();
    const listener = vi.fn();
    notifier.subscribe(listener);
    const first = notifier.notify('Ошибка /a HTTP 502');
    notifier.notify('Сохранено', { tone: 'success' });
    expect(notifier.getSnapshot().map((n) => n.text)).toEqual(['Ошибка /a HTTP 502', 'Сохранено']);
    notifier.dismiss(first);
    expect(notifier.getSnapshot().map((n) => n.text)).toEqual(['Сохранено']);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps errors until closed and lets others expire', () => {
    const notifier = createNotifier();
    notifier.notify('Ошибка');
    notifier.notify('Готово', { tone: 'info' });
    vi.advanceTimersByTime(60_000);
    expect(notifier.getSnapshot().map((n) => n.text)).toEqual(['Ошибка']);
  });

  it('counts a repeated message instead of stacking it', () => {
    const notifier = createNotifier();
    const id = notifier.notify('Ошибка /a timeout');
    notifier.notify('Другое');
    expect(notifier.notify('Ошибка /a timeout')).toBe(id);
    const snapshot = notifier.getSnapshot();
    expect(snapshot.map((n) => [n.text, n.count])).toEqual([
      ['Другое', 1],
      ['Ошибка /a timeout', 2],
    ]);
  });

  it('drops the oldest beyond the limit', () => {
    const notifier = createNotifier({ max: 2 });
    notifier.notify('1');
    notifier.notify('2');
    notifier.notify('3');
    expect(notifier.getSnapshot().map((n) => n.text)).toEqual(['2', '3']);
  });
});
