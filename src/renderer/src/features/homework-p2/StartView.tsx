import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { Button, Card, WarningNote } from '../../ui';

export type StartState = { kind: 'idle' | 'starting' } | { kind: 'refused'; message: string };

/**
 * Before a timed part 2 starts: how long it is and that the time runs even with the page closed.
 * Nothing runs until «Начать»; the server starts the clock on that call, not on opening the page.
 */
export function StartView({ minutes, start, onStart }: { minutes: number; start: StartState; onStart: () => void }) {
  return (
    <Card as="section" title={t.startTitle} className="p2-start" data-testid="p2-start-view">
      <p className="p2-start__length" data-testid="p2-start-length">
        {t.startLength(minutes)}
      </p>
      <WarningNote>{t.startWarning}</WarningNote>
      <p className="p2-muted p2-start__hint">{t.startHint}</p>
      {start.kind === 'refused' && (
        <p className="p2-note p2-note--accent" role="alert" data-testid="p2-start-error">
          {start.message}
        </p>
      )}
      <div className="p2-start__actions">
        <Button loading={start.kind === 'starting'} onClick={onStart} data-testid="p2-start">
          {t.start}
        </Button>
      </div>
    </Card>
  );
}
