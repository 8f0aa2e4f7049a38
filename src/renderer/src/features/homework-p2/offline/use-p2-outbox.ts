import { useCallback, useEffect, useState } from 'react';
import { announceOutboxChange, onOutboxChange } from '../../../lib/offline-store/outbox-changes';
import { callApi, ownerScope } from '../../../lib/offline-store/owner-scope';
import { clearDraft, homeworkKey, readDraft } from '../p2-storage';
import { listP2Conflicts, p2SaveHandler, type P2Conflict, type QueuedP2Save } from './p2-outbox';

export { callApi };

/** The signed-in student's offline scope; null when signed out or the user is not known yet. */
export const studentScope = ownerScope;

/** Every screen showing queued saves (and the app-wide status) listens to the outbox's one change signal. */
export const announceP2Change = announceOutboxChange;
export const onP2Change = onOutboxChange;

/** Homeworks whose answer form is open: that form sends its own queued save and asks the '22' question itself. */
const openForms = new Map<string, number>();
export function markFormOpen(htNum: number, dop: '0' | '1'): () => void {
  const key = homeworkKey(htNum, dop);
  openForms.set(key, (openForms.get(key) ?? 0) + 1);
  return () => {
    const left = (openForms.get(key) ?? 1) - 1;
    if (left > 0) openForms.set(key, left);
    else openForms.delete(key);
  };
}

/** A sent save's draft goes when it holds exactly the sent texts (text typed after it stays). */
async function dropSentDraft(save: QueuedP2Save): Promise<void> {
  const key = homeworkKey(save.input.htNum, save.input.isDopPart);
  const draft = await readDraft(key, save.input.markSave);
  if (!draft) return;
  if (save.input.questions.every((item) => draft.answers[String(item.q_number)] === item.user_answer)) await clearDraft(key, save.input.markSave);
}

/** The app's sender of queued part 2 saves (registered with the shell); open forms' homeworks are left to them. */
export const p2OutboxHandler = p2SaveHandler({ skip: (htNum, dop) => openForms.has(homeworkKey(htNum, dop)), onSent: dropSentDraft });

/** Conflicts of one homework kept on this device, refreshed on every change. */
export function useP2Conflicts(htNum: number, dop: '0' | '1'): { conflicts: P2Conflict[]; loaded: boolean; refresh(): Promise<void> } {
  const [conflicts, setConflicts] = useState<P2Conflict[]>([]);
  const [loaded, setLoaded] = useState(false);
  const refresh = useCallback(async () => {
    const scope = await studentScope().catch(() => null);
    setConflicts(scope ? await listP2Conflicts(scope, htNum, dop).catch(() => []) : []);
    setLoaded(true);
  }, [htNum, dop]);
  useEffect(() => {
    void refresh();
    return onP2Change(() => void refresh());
  }, [refresh]);
  return { conflicts, loaded, refresh };
}
