import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { TimedStartCard, type TimedStartState } from '../../ui';

export type StartState = TimedStartState;

/** Before a timed part 2 starts (the shared start card with part 2's texts). */
export function StartView({ minutes, start, onStart }: { minutes: number; start: StartState; onStart: () => void }) {
  return (
    <TimedStartCard
      title={t.startTitle}
      length={t.startLength(minutes)}
      warning={t.startWarning}
      hint={t.startHint}
      startLabel={t.start}
      start={start}
      onStart={onStart}
      testIdPrefix="p2"
    />
  );
}
