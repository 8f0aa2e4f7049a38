import { useEffect, useState } from 'react';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { LabelledTimer } from '../../ui';
import { formatCountdown, parseMoscowDeadline } from './logic';

/**
 * The countdown of a work in progress (hh:mm:ss, '00:00' at zero): the server's time budget
 * when the homework has one, otherwise the time to the deadline. Each says which it is.
 */
export function Countdown({ deadline, seconds }: { deadline: string; seconds: number | null }) {
  if (seconds !== null) {
    return (
      <LabelledTimer
        label={t.timeLeft}
        className={`ht-timer${seconds === 0 ? ' ht-timer--zero' : seconds <= 300 ? ' ht-timer--low' : ''}`}
        aria-label={t.timeLeft}
        title={t.timeLeft}
        data-testid="p2-timer"
        data-kind="budget"
      >
        {formatCountdown(seconds * 1000)}
      </LabelledTimer>
    );
  }
  return deadline ? <DeadlineCountdown deadline={deadline} /> : null;
}

function DeadlineCountdown({ deadline }: { deadline: string }) {
  const at = parseMoscowDeadline(deadline);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (at === null) return null;
  return (
    <LabelledTimer label={t.timer} className="ht-timer" aria-label={t.timer} title={`${t.timer}: ${deadline} мск`} data-testid="p2-timer" data-kind="deadline">
      {formatCountdown(at - now)}
    </LabelledTimer>
  );
}
