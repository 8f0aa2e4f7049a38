import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api';
import { offlineStore } from '../../../lib/offline-store';
import type { ReplayResult } from '../../../lib/offline-store/outbox';
import { announceOutboxChange, onOutboxChange } from '../../../lib/offline-store/outbox-changes';
import { syncOutbox } from '../../../lib/offline-store/sync-engine';
import { queryClient } from '../../../lib/query-client';
import { readSession } from '../../../lib/session';
import { rememberedOwner, rememberOwner } from '../../../lib/drafts/owner';
import { useOnline } from '../../../lib/use-online';
import { useUserInfo } from '../../../lib/use-user-info';
import { listConflicts, listWorks, pendingCount, REVIEW_KIND, reviewHandler, type CallFn, type OfflineScope, type OfflineWork, type ReviewConflict } from './offline-checks';
import { curatorHomeworkKeys } from '../api';

/** The app's call function for offline checking: the caller shows errors itself. */
export const callApi: CallFn = (contract, input) => api.call(contract, input, { handleErrors: true });

/**
 * The signed-in curator's offline scope. The owner is their public key from get_user_info; it is
 * remembered with the session token, so after a restart without a connection the same session
 * still finds its checks, while anyone who signs in afterwards gets a scope of their own.
 */
export function useOfflineScope(): { scope: OfflineScope | null; settled: boolean } {
  const userInfo = useUserInfo();
  const token = readSession()?.token ?? '';
  const known = userInfo.data?.userKey;
  useEffect(() => {
    if (known && token) rememberOwner(token, known);
  }, [known, token]);
  const owner = known ?? (rememberedOwner(token) || undefined);
  // Without an owner (signed in elsewhere, then opened offline) there is simply nothing to show.
  // One object per owner: effects that use the scope rerun when the curator changes, not on every render.
  const scope = useMemo(() => (owner ? { store: offlineStore(), owner } : null), [owner]);
  return { scope, settled: Boolean(owner) || userInfo.isError };
}

/** Every screen showing offline state (and the app-wide status) listens to the outbox's one change signal. */
export const announceOfflineChange = announceOutboxChange;

/** The app's sender of queued reviews (registered with the shell); the curator's lists then show the server's state. */
export const reviewOutboxHandler = reviewHandler(Date.now, () => queryClient.invalidateQueries({ queryKey: curatorHomeworkKeys.all }));

export interface OfflineChecksState {
  /** The signed-in curator's offline data; null until known (or when it cannot be). */
  scope: OfflineScope | null;
  /** False until the device's copies were read once. */
  loaded: boolean;
  works: OfflineWork[];
  conflicts: ReviewConflict[];
  pending: number;
  online: boolean;
  syncing: boolean;
  lastSync: ReplayResult | null;
  refresh(): Promise<void>;
  sync(): Promise<ReplayResult | null>;
}

/**
 * Offline checking state of one homework (or all): works kept on the device, waiting reviews and
 * conflicts. The app's one sender sends waiting reviews (start, connection back, every half
 * minute); `sync` here is «Отправить сейчас».
 */
export function useOfflineChecks(htNum?: number): OfflineChecksState {
  const online = useOnline();
  const { scope, settled } = useOfflineScope();
  const owner = scope?.owner ?? null;
  const [loaded, setLoaded] = useState(false);
  const [works, setWorks] = useState<OfflineWork[]>([]);
  const [conflicts, setConflicts] = useState<ReviewConflict[]>([]);
  const [pending, setPending] = useState(0);
  const [syncing, setSyncing] = useState(false);
  const [lastSync, setLastSync] = useState<ReplayResult | null>(null);

  const refresh = useCallback(async () => {
    if (!owner) {
      setLoaded(settled);
      return;
    }
    const own: OfflineScope = { store: offlineStore(), owner };
    const [nextWorks, nextConflicts, nextPending] = await Promise.all([listWorks(own, htNum), listConflicts(own, htNum), pendingCount(own)]);
    setWorks(nextWorks);
    setConflicts(nextConflicts);
    setPending(nextPending);
    setLoaded(true);
  }, [htNum, owner, settled]);

  const sync = useCallback(async () => {
    if (!owner) return null;
    const own: OfflineScope = { store: offlineStore(), owner };
    if ((await pendingCount(own)) === 0) return null;
    setSyncing(true);
    try {
      const result = (await syncOutbox(callApi)).get(REVIEW_KIND) ?? null;
      setLastSync(result);
      return result;
    } finally {
      setSyncing(false);
    }
  }, [owner]);

  useEffect(() => {
    void refresh();
    return onOutboxChange(() => void refresh());
  }, [refresh]);

  return { scope, loaded, works, conflicts, pending, online, syncing, lastSync, refresh, sync };
}
