import { ruHomeworkP2 as t } from '../../../i18n/homework-p2';

/**
 * Said while answers wait on the device (no connection, or a save queued): where they are, and
 * that a timed part's clock is the server's and keeps running.
 */
export function P2OfflineNote({ timed }: { timed: boolean }) {
  return (
    <div className="p2-note p2-note--accent p2-offline" role="status" data-testid="p2-offline">
      <p>{t.savedOnDevice}</p>
      {timed && <p data-testid="p2-offline-timer">{t.offline.timerRuns}</p>}
    </div>
  );
}
