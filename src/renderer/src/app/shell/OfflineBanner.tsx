import { useAtomValue } from 'jotai';
import { useSyncExternalStore } from 'react';
import { ru } from '../../i18n/ru';
import { appUpdateWaiting, subscribeAppUpdate } from '../../lib/app-update';
import { liveStatusAtom } from '../../lib/live';
import { useOnline } from '../../lib/use-online';

/**
 * Tells the user plainly when they work without a connection: the device has no network (the app
 * then runs from the device: cached screens, saved drafts, queued changes), or the server is out
 * of reach (the live socket is the signal).
 */
export function OfflineBanner() {
  const status = useAtomValue(liveStatusAtom);
  const online = useOnline();
  if (!online) {
    return (
      <div className="shell__offline" role="status" data-testid="offline-banner">
        {ru.shell.offlineDevice}
      </div>
    );
  }
  if (status !== 'offline' && status !== 'paused') return null;
  return (
    <div className="shell__offline" role="status" data-testid="offline-banner">
      {ru.shell.offline}
    </div>
  );
}

/** A new version of the browser app installed in the background: it opens on the next start. */
export function AppUpdateBanner() {
  const waiting = useSyncExternalStore(subscribeAppUpdate, appUpdateWaiting);
  if (!waiting) return null;
  return (
    <div className="shell__update" role="status" data-testid="app-update">
      {ru.shell.appUpdate}
    </div>
  );
}
