import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from './class-names';
import './LabelledTimer.css';

export interface LabelledTimerProps extends Omit<HTMLAttributes<HTMLParagraphElement>, 'children'> {
  /** What the countdown counts down to, shown above the digits ('До дедлайна', 'Осталось времени…'). */
  label: string;
  children: ReactNode;
}

/**
 * A countdown with its meaning written beside it: digits alone leave a student guessing whether
 * the deadline or the work's own time is running out. The digits keep role 'timer' and the
 * props given (class, test id); the label names them for screen readers too.
 */
export function LabelledTimer({ label, children, className, ...rest }: LabelledTimerProps) {
  const labelId = useId();
  return (
    <div className="ui-timer">
      <span className="ui-timer__label" id={labelId}>
        {label}
      </span>
      <p role="timer" aria-labelledby={labelId} className={cx('ui-timer__digits', className)} {...rest}>
        {children}
      </p>
    </div>
  );
}
