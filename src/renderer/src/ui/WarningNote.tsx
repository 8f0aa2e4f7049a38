import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';
import { IconAlert } from './icons';
import './WarningNote.css';

export interface WarningNoteProps extends Omit<HTMLAttributes<HTMLParagraphElement>, 'children'> {
  children: ReactNode;
}

/** A boxed warning with an alert icon, for what a person must know before acting (a clock that will run). */
export function WarningNote({ children, className, ...rest }: WarningNoteProps) {
  return (
    <p className={cx('ui-warning-note', className)} {...rest}>
      <IconAlert className="ui-warning-note__icon" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
