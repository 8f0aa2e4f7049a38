import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { shellLiveClient } from '../../../lib/live-request';
import { offlineStore } from '../../../lib/offline-store';
import type { ReplayResult } from '../../../lib/offline-store/outbox';
import { listConflicts, listWorks, pendingCount, syncReviews, type CallFn, type OfflineWork, type ReviewConflict } from './offline-checks';

/** How often waiting checks are offered to the server again while the page is open. */
const SYNC_RETRY_MS = 30_000;

/** The app's call function for offline checking: the caller shows errors itself. */
export const callApi: CallFn = (contract, input) => api.call(contract, input, { handleErrors: true });

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
  const [loaded, setLoaded] = useState(false);
  const [works, setWorks] = useState<OfflineWork[]>([]);
  const [conflicts, setConflicts] = useState<ReviewConflict[]>([]);
  const [pending, setPending] = useState(0);
  const [syncing, setSyncing] = useState(false);
  const [lastSync, setLastSync] = useState<ReplayResult | null>(null);

  const refresh = useCallback(async () => {
    const store = offlineStore();
    const [nextWorks, nextConflicts, nextPending] = await Promise.all([listWorks(store, htNum), listConflicts(store, htNum), pendingCount(store)]);
    setWorks(nextWorks);
    setConflicts(nextConflicts);
    setPending(nextPending);
    setLoaded(true);
  }, [htNum]);

  const sync = useCallback(async () => {
    const store = offlineStore();
    if ((await pendingCount(store)) === 0) return null;
    setSyncing(true);
    try {
      const result = await syncReviews(callApi, store);
      setLastSync(result);
      if (result.sent > 0 || result.conflicts > 0) await queryClient.invalidateQueries({ queryKey: ['curatorHomework'] });
      return result;
    } finally {
      setSyncing(false);
      announceOfflineChange();
    }
  }, [queryClient]);

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
  useEffect(() => {
    let active = true;
    let off: (() => void) | undefined;
    void shellLiveClient().then((client) => {
      if (active && client) off = client.onReconnect(() => void sync());
    });
    return () => {
      active = false;
      off?.();
    };
  }, [sync]);

  return { loaded, works, conflicts, pending, online, syncing, lastSync, refresh, sync };
}
