import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api';
import { whenLiveReconnects } from '../../../lib/live-request';
import { offlineStore } from '../../../lib/offline-store';
import type { ReplayResult } from '../../../lib/offline-store/outbox';
import { readSession } from '../../../lib/session';
import { rememberedOwner, rememberOwner } from '../../../lib/drafts/owner';
import { useUserInfo } from '../../../lib/use-user-info';
import { listConflicts, listWorks, pendingCount, syncReviews, type CallFn, type OfflineScope, type OfflineWork, type ReviewConflict } from './offline-checks';
import { curatorHomeworkKeys } from '../api';

/** How often waiting checks are offered to the server again while the page is open. */
const SYNC_RETRY_MS = 30_000;

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

/** Every screen showing offline state listens here, so one change refreshes them all. */
const changes = new EventTarget();
export function announceOfflineChange(): void {
  changes.dispatchEvent(new Event('change'));
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

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
 * conflicts. Sends waiting reviews when the screen opens and whenever the connection returns.
 */
export function useOfflineChecks(htNum?: number): OfflineChecksState {
  const queryClient = useQueryClient();
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
      const result = await syncReviews(callApi, own);
      setLastSync(result);
      if (result.sent > 0 || result.conflicts > 0) await queryClient.invalidateQueries({ queryKey: curatorHomeworkKeys.all });
      return result;
    } finally {
      setSyncing(false);
      announceOfflineChange();
    }
  }, [queryClient, owner]);

  useEffect(() => {
    const onChange = () => void refresh();
    changes.addEventListener('change', onChange);
    void refresh();
    return () => changes.removeEventListener('change', onChange);
  }, [refresh]);

  useEffect(() => {
    if (online) void sync();
  }, [online, sync]);

  // The browser may say 'online' while our server is unreachable (a school server restarting, a
  // captive network): waiting checks are retried every half minute and as soon as the live socket
  // reconnects, not only on the browser's 'online' event.
  useEffect(() => {
    if (pending === 0 || !online) return;
    const timer = window.setInterval(() => void sync(), SYNC_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [pending, online, sync]);
  useEffect(() => whenLiveReconnects(() => void sync()), [sync]);

  return { scope, loaded, works, conflicts, pending, online, syncing, lastSync, refresh, sync };
}
