import { useEffect, useState } from 'react';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { formatCountdown, parseMoscowDeadline } from './logic';

/**
 * The countdown of a work in progress (hh:mm:ss, '00:00' at zero): the server's time budget
 * when the homework has one, otherwise the time to the deadline.
 */
export function Countdown({ deadline, seconds }: { deadline: string; seconds: number | null }) {
  if (seconds !== null) {
    return (
      <p className={`ht-timer${seconds === 0 ? ' ht-timer--zero' : seconds <= 300 ? ' ht-timer--low' : ''}`} role="timer" aria-label={t.timeLeft} title={t.timeLeft} data-testid="p2-timer" data-kind="budget">
        {formatCountdown(seconds * 1000)}
      </p>
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
    <p className="ht-timer" role="timer" aria-label={t.timer} data-testid="p2-timer" data-kind="deadline">
      {formatCountdown(at - now)}
    </p>
  );
}
