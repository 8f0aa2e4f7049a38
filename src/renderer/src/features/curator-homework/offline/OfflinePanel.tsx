import { useState } from 'react';
import { ruCuratorHomework } from '../../../i18n/curator-homework';
import { Button, Card, ErrorBox } from '../../../ui';
import { ConflictView } from './ConflictView';
import { downloadHomework, type DownloadResult } from './offline-checks';
import { announceOfflineChange, callApi, type OfflineChecksState } from './use-offline-checks';

const t = ruCuratorHomework.offline;

/** The checking screen is needed without a connection: load its code while we still have one. */
function prefetchCheckingScreens(): void {
  void import('../HtP2ResultPage');
}

/**
 * Offline checking of one homework on the works screen: download the unchecked works, see what
 * waits to be sent, send it, and resolve conflicts.
 */
export function OfflinePanel({ htNum, state }: { htNum: number; state: OfflineChecksState }) {
  const [downloading, setDownloading] = useState(false);
  const [downloaded, setDownloaded] = useState<DownloadResult | null>(null);
  const [error, setError] = useState('');
  const download = async () => {
    setDownloading(true);
    setError('');
    setDownloaded(null);
    try {
      prefetchCheckingScreens();
      if (!state.scope) throw new Error(t.noOwner);
      setDownloaded(await downloadHomework(callApi, state.scope, htNum, Date.now()));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setDownloading(false);
      announceOfflineChange();
    }
  };
  const { works, pending, conflicts, online, syncing, lastSync } = state;
  return (
    <Card className="offline-panel" title={t.title} data-testid="offline-panel">
      <p className="curator-hw__muted">{t.hint}</p>
      <div className="offline-panel__row">
        <Button variant="secondary" loading={downloading} disabled={!online} onClick={() => void download()}>
          {t.download}
        </Button>
        <span data-testid="offline-count">{t.onDevice(works.length)}</span>
        {pending > 0 && <span data-testid="offline-pending">{t.pending(pending)}</span>}
        {pending > 0 && (
          <Button variant="secondary" loading={syncing} disabled={!online} onClick={() => void state.sync()}>
            {t.sync}
          </Button>
        )}
      </div>
      {downloaded && (
        <p className="curator-hw__notice" role="status">
          {t.downloaded(downloaded.downloaded, downloaded.kept)}
        </p>
      )}
      {lastSync && lastSync.sent > 0 && (
        <p className="curator-hw__notice" role="status" data-testid="offline-synced">
          {t.synced(lastSync.sent)}
        </p>
      )}
      {!online && (
        <p className="offline-panel__offline" role="status">
          {t.noConnection}
        </p>
      )}
      {error && <ErrorBox message={error} />}
      {conflicts.length > 0 && (
        <div className="offline-panel__conflicts">
          <h3>{t.conflicts}</h3>
          <p className="curator-hw__muted">{t.conflictsHint}</p>
          {conflicts.map((conflict) => (
            <ConflictView key={conflict.entryId} scope={state.scope!} conflict={conflict} />
          ))}
        </div>
      )}
    </Card>
  );
}
