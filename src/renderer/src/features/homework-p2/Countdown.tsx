import { useEffect, useState } from 'react';
import { ruHomeworkP2 as t } from '../../i18n/homework-p2';
import { formatCountdown, parseMoscowDeadline } from './logic';

/** Time left to the deadline while the work is in progress (hh:mm:ss, '00:00' at zero). */
export function Countdown({ deadline }: { deadline: string }) {
  const at = parseMoscowDeadline(deadline);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (at === null) return null;
  return (
    <p className="ht-timer" role="timer" aria-label={t.timer} data-testid="p2-timer">
      {formatCountdown(at - now)}
    </p>
  );
}
