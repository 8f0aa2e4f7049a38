import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage-keys';

/** How questions are shown (shell §2.11, §4.6): 'text' by default, or 'graphic'. */
export type QuestionView = 'text' | 'graphic';

export const QUESTION_VIEWS: readonly QuestionView[] = ['text', 'graphic'];

const listeners = new Set<() => void>();

/** The stored choice; anything unknown reads as the default 'text'. */
export function readQuestionView(): QuestionView {
  return readStorage(STORAGE_KEYS.questionView) === 'graphic' ? 'graphic' : 'text';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it: follow.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.questionView || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The question view chosen in settings, kept in local storage. Every screen that shows questions
 * reads it through this hook and re-renders when it changes.
 */
export function useQuestionView(): [QuestionView, (view: QuestionView) => void] {
  const view = useSyncExternalStore(subscribe, readQuestionView, () => 'text' as const);
  const setView = useCallback((next: QuestionView) => {
    writeStorage(STORAGE_KEYS.questionView, next);
    listeners.forEach((listener) => listener());
  }, []);
  return [view, setView];
}
