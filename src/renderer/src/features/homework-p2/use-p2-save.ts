import { saveHtP2New } from '@shared/contract/homework-p2';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { isConnectionFailure } from '../../lib/error-text';
import { whenLiveReconnects } from '../../lib/live-request';
import { newOpId } from '../../lib/op-id';
import { pendingP2Save, queueP2Save, settleP2Saves, type SaveInput } from './offline/p2-outbox';
import { announceP2Change, markFormOpen, studentScope } from './offline/use-p2-outbox';
import { clearDraft, writeDraft } from './p2-storage';
import { createSaveRetry } from './save-retry';

/** Autosave period (learning §9). */
export const AUTOSAVE_MS = 120_000;

/**
 * 'queued': the last save found no connection; the answers wait on the device (the draft and an
 * outbox entry that survives closing the page) and are sent again by themselves.
 */
export type SaveState = { kind: 'clean' } | { kind: 'unsaved' } | { kind: 'queued' } | { kind: 'saving' } | { kind: 'saved'; at: string };

export interface SaveMode {
  /** '22' confirmed: take the work over from another device. */
  force?: boolean;
  /** No popups: the page is hidden or being left. */
  quiet?: boolean;
  /** A retry of a queued save: the status keeps saying it waits for the connection. */
  retry?: boolean;
}

export interface P2SaveOptions {
  htNum: number;
  dop: '0' | '1';
  tab: string;
  storageKey: string;
  /** The full answers by question number as they start (server text with any restored draft). */
  initial: Record<string, string>;
  /** The server's answers as loaded (what a draft is typed over). */
  server: Record<string, string>;
  /** Questions the server would refuse to change (checked outside mistake work): never sent. */
  locked: ReadonlySet<string>;
  startDirty: boolean;
}

/**
 * The answers being written and their saving: a local draft on every change, autosave every
 * 120 s while changed, a save when the page is hidden or left, and the '22' other-device
 * question (§8) for saves the student asked for or autosaves while the page is shown. A save that
 * finds no connection says so in Russian and is sent again by itself: on the browser's
 * 'online', on the live socket's reconnect and on a growing timer; a refusal is never retried.
 * Such a save is also queued in the device's outbox with its operation id and the server texts it
 * was typed over, so it is sent even if the page is closed (offline/p2-outbox.ts); a queued save
 * found when the form opens is taken over by the form with the same operation id.
 */
export function useP2Save(options: P2SaveOptions) {
  const { htNum, dop, tab, storageKey, locked } = options;
  const [answers, setAnswers] = useState<Record<string, string>>(options.initial);
  const [state, setState] = useState<SaveState>(options.startDirty ? { kind: 'unsaved' } : { kind: 'clean' });
  const [conflict, setConflict] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answersRef = useRef(answers);
  const dirtyRef = useRef(options.startDirty);
  const savingRef = useRef<Promise<boolean> | null>(null);
  const baseRef = useRef(options.server);
  // The queued save's force flag: a '22' takeover that found no connection stays a takeover.
  const queuedForceRef = useRef(false);
  const retryRef = useRef<ReturnType<typeof createSaveRetry> | null>(null);
  // The operation id of the save whose outcome is unknown (no reply): sending the same answers
  // again reuses it, so a save the server took but whose reply was lost is answered «уже
  // применено» instead of '22' or «время вышло» if the work moved on meanwhile.
  const pendingOpRef = useRef<{ snapshot: Record<string, string>; force: boolean; opId: string } | null>(null);

  const update = useCallback(
    (q: string, value: string) => {
      setAnswers((previous) => {
        const next = { ...previous, [q]: value };
        answersRef.current = next;
        void writeDraft({ key: storageKey, tab, at: Date.now(), answers: next, base: baseRef.current });
        return next;
      });
      dirtyRef.current = true;
      // Typed while a save waits for the connection: the new text waits with it.
      setState((previous) => (previous.kind === 'queued' ? previous : { kind: 'unsaved' }));
    },
    [storageKey, tab],
  );

  /** Saves the current answers; true when the server took them. */
  const save = useCallback(
    async (mode: SaveMode = {}): Promise<boolean> => {
      if (savingRef.current) await savingRef.current;
      const snapshot = answersRef.current;
      const force = Boolean(mode.force);
      const pending = pendingOpRef.current;
      const op = pending && pending.snapshot === snapshot && pending.force === force ? pending : { snapshot, force, opId: newOpId() };
      pendingOpRef.current = op;
      const run = (async () => {
        if (!mode.retry) setState({ kind: 'saving' });
        const questions = Object.entries(snapshot)
          .filter(([q]) => !locked.has(q))
          .map(([q, text]) => ({ q_number: Number(q), user_answer: text }));
        try {
          const result = await api.call(saveHtP2New, { htNum, isDopPart: dop, questions, forceSave: force ? '1' : '0', markSave: tab, opId: op.opId }, { handleErrors: true });
          if (pendingOpRef.current === op) pendingOpRef.current = null;
          // The device's queued copies of older answers are obsolete now.
          void settleQueued(htNum, dop);
          // The server now holds what was sent: later drafts are typed over it.
          baseRef.current = { ...baseRef.current, ...Object.fromEntries(questions.map((item) => [String(item.q_number), item.user_answer])) };
          retryRef.current?.settled();
          // Typed on while saving: that text is still only local.
          if (answersRef.current === snapshot) {
            dirtyRef.current = false;
            void clearDraft(storageKey, tab);
            setState({ kind: 'saved', at: result.savedAt });
          } else setState({ kind: 'unsaved' });
          return true;
        } catch (caught) {
          if (isConnectionFailure(caught)) {
            // The text is already in the device draft: no popup, the status says it will be sent.
            queuedForceRef.current = Boolean(mode.force);
            await queueDurably({ htNum, isDopPart: dop, questions, forceSave: force ? '1' : '0', markSave: tab, opId: op.opId }, baseRef.current);
            setState({ kind: 'queued' });
            retryRef.current?.failedOffline();
            return false;
          }
          // Refused by the server (or signed out): today's message, and nothing is retried.
          if (pendingOpRef.current === op) pendingOpRef.current = null;
          retryRef.current?.settled();
          setState({ kind: 'unsaved' });
          if (caught instanceof ApiError && caught.code === '22') {
            if (!mode.quiet) setConflict(true);
          } else if (!mode.quiet) {
            setError(caught instanceof ApiError && caught.kind === 'failure' ? caught.message : t.saveError + (caught instanceof Error ? caught.message : String(caught)));
          }
          return false;
        }
      })();
      savingRef.current = run;
      try {
        return await run;
      } finally {
        if (savingRef.current === run) savingRef.current = null;
      }
    },
    [htNum, dop, tab, storageKey, locked],
  );

  const saveRef = useRef(save);
  saveRef.current = save;

  // Saves that found no connection are tried again while the form is open; the connection back
  // (the browser's 'online', the live socket reconnected) sends the queued save at once.
  useEffect(() => {
    const retry = createSaveRetry(async () => {
      // Saved meanwhile by another save: nothing left to send.
      if (!dirtyRef.current) {
        retry.settled();
        return;
      }
      await saveRef.current({ retry: true, force: queuedForceRef.current, quiet: document.visibilityState === 'hidden' });
    });
    retryRef.current = retry;
    const onOnline = () => retry.now();
    window.addEventListener('online', onOnline);
    const offReconnect = whenLiveReconnects(onOnline);
    return () => {
      offReconnect();
      window.removeEventListener('online', onOnline);
      retry.dispose();
      if (retryRef.current === retry) retryRef.current = null;
    };
  }, []);

  // This form sends its homework's queued save itself; one found on opening (typed offline, the
  // page closed or reloaded since) is resumed with its operation id when its texts are the form's.
  useEffect(() => {
    const closeForm = markFormOpen(htNum, dop);
    let alive = true;
    void (async () => {
      const scope = await studentScope().catch(() => null);
      const queued = scope ? await pendingP2Save(scope, htNum, dop).catch(() => null) : null;
      if (!alive || !queued) return;
      const snapshot = answersRef.current;
      if (queued.input.questions.every((item) => snapshot[String(item.q_number)] === item.user_answer)) {
        pendingOpRef.current ??= { snapshot, force: queued.input.forceSave === '1', opId: queued.input.opId };
      }
      queuedForceRef.current = queued.input.forceSave === '1';
      dirtyRef.current = true;
      setState({ kind: 'queued' });
      retryRef.current?.failedOffline();
      if (navigator.onLine) retryRef.current?.now();
    })();
    return () => {
      alive = false;
      closeForm();
      // Whatever is still queued is sent by the app from now on.
      announceP2Change();
    };
  }, [htNum, dop]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (dirtyRef.current) void saveRef.current({ quiet: document.visibilityState === 'hidden' });
    }, AUTOSAVE_MS);
    // Leaving: the tab hidden, the page going away, or the route left. The draft stays in
    // the offline store if this save does not make it.
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && dirtyRef.current) void saveRef.current({ quiet: true });
    };
    const onPageHide = () => {
      if (dirtyRef.current) void saveRef.current({ quiet: true });
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      if (dirtyRef.current) void saveRef.current({ quiet: true });
    };
  }, []);

  return {
    answers,
    update,
    state,
    save,
    isDirty: () => dirtyRef.current,
    conflict,
    /** '22' confirmed: take the work over from the other device. */
    forceSave: async () => {
      setConflict(false);
      await save({ force: true });
    },
    /** '22' cancelled: nothing is saved (the draft stays local). */
    dropConflict: () => setConflict(false),
    error,
    clearError: () => setError(null),
  };
}

/** Keeps a save that found no connection in the device's outbox (best effort: the draft holds the text too). */
async function queueDurably(input: SaveInput, base: Record<string, string>): Promise<void> {
  try {
    const scope = await studentScope();
    if (scope) await queueP2Save(scope, input, base);
  } catch {
    // The device store is unavailable: the draft and the open form's retries remain.
  } finally {
    announceP2Change();
  }
}

async function settleQueued(htNum: number, dop: '0' | '1'): Promise<void> {
  try {
    const scope = await studentScope();
    if (scope) await settleP2Saves(scope, htNum, dop);
  } catch {
    // Nothing to settle without the store; a stale entry would be answered as already saved.
  }
}

export function saveStateText(state: SaveState): string {
  switch (state.kind) {
    case 'unsaved':
      return t.notSaved;
    case 'queued':
      return t.notSent;
    case 'saving':
      return t.saving;
    case 'saved':
      return t.savedAt(state.at);
    default:
      return t.saved;
  }
}
