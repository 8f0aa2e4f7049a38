/**
 * The app-level message stack behind <NotifierProvider>. A plain store, not React state, so
 * code outside components (the API client's transport-error alert) can push messages too.
 */
export type NoticeTone = 'error' | 'info' | 'success';

export interface Notice {
  id: number;
  text: string;
  tone: NoticeTone;
  /** How many times the same message arrived while shown (a flaky network repeats itself). */
  count: number;
}

export interface NotifyOptions {
  tone?: NoticeTone;
  /** Auto-dismiss after this many ms; null keeps it until closed. Errors stay by default. */
  timeoutMs?: number | null;
}

export interface Notifier {
  /** Shows a message; returns its id. A message already on screen is counted, not repeated. */
  notify(text: string, options?: NotifyOptions): number;
  dismiss(id: number): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
  /** The current stack, oldest first; a new array on every change. */
  getSnapshot(): readonly Notice[];
}

const DEFAULT_TIMEOUT_MS: Record<NoticeTone, number | null> = { error: null, info: 5000, success: 4000 };

/** Creates a message stack that keeps at most `max` messages, dropping the oldest. */
export function createNotifier({ max = 5 }: { max?: number } = {}): Notifier {
  let notices: readonly Notice[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((listener) => listener());

  const stopTimer = (id: number) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };

  const dismiss = (id: number) => {
    stopTimer(id);
    if (!notices.some((n) => n.id === id)) return;
    notices = notices.filter((n) => n.id !== id);
    emit();
  };

  return {
    notify(text, options = {}) {
      const tone = options.tone ?? 'error';
      const timeoutMs = options.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS[tone] : options.timeoutMs;
      const same = notices.find((n) => n.text === text && n.tone === tone);
      let id: number;
      if (same) {
        id = same.id;
        notices = [...notices.filter((n) => n !== same), { ...same, count: same.count + 1 }];
      } else {
        id = nextId++;
        notices = [...notices, { id, text, tone, count: 1 }];
        for (const dropped of notices.slice(0, Math.max(0, notices.length - max))) stopTimer(dropped.id);
        notices = notices.slice(-max);
      }
      stopTimer(id);
      if (timeoutMs !== null) timers.set(id, setTimeout(() => dismiss(id), timeoutMs));
      emit();
      return id;
    },
    dismiss,
    clear() {
      for (const id of timers.keys()) stopTimer(id);
      notices = [];
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => notices,
  };
}
