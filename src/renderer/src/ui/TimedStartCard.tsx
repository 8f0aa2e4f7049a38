import { Button } from './Button';
import { Card } from './Card';
import { WarningNote } from './WarningNote';
import './TimedStartCard.css';

export type TimedStartState = { kind: 'idle' | 'starting' } | { kind: 'refused'; message: string };

/**
 * Before a timed part starts (homework part 1 and part 2): how long it is and that the time runs
 * even with the page closed. Nothing runs until the start button; the server starts the clock on
 * that call, never on opening the page.
 */
export function TimedStartCard({
  title,
  length,
  warning,
  hint,
  startLabel,
  start,
  onStart,
  testIdPrefix,
}: {
  title: string;
  length: string;
  warning: string;
  hint: string;
  startLabel: string;
  start: TimedStartState;
  onStart: () => void;
  /** 'p2' gives p2-start-view, p2-start-length, p2-start, p2-start-error. */
  testIdPrefix: string;
}) {
  return (
    <Card as="section" title={title} className="timed-start" data-testid={`${testIdPrefix}-start-view`}>
      <p className="timed-start__length" data-testid={`${testIdPrefix}-start-length`}>
        {length}
      </p>
      <WarningNote>{warning}</WarningNote>
      <p className="timed-start__hint">{hint}</p>
      {start.kind === 'refused' && (
        <p className="timed-start__error" role="alert" data-testid={`${testIdPrefix}-start-error`}>
          {start.message}
        </p>
      )}
      <div className="timed-start__actions">
        <Button loading={start.kind === 'starting'} onClick={onStart} data-testid={`${testIdPrefix}-start`}>
          {startLabel}
        </Button>
      </div>
    </Card>
  );
}
