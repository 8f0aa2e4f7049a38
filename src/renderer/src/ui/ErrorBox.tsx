import type { ReactNode } from 'react';
import { ru } from '../i18n/ru';
import { Button } from './Button';
import { cx } from './class-names';
import { IconAlert } from './icons';
import './ErrorBox.css';

export interface ErrorBoxProps {
  message: ReactNode;
  /** Shows the retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  title?: ReactNode;
  className?: string;
}

/** A failed load or action, announced at once, with a retry button (spec: 'Попробовать ещё раз'). */
export function ErrorBox({ message, onRetry, retryLabel = ru.common.retry, title, className }: ErrorBoxProps) {
  return (
    <div className={cx('ui-error-box', className)} role="alert">
      <IconAlert className="ui-error-box__icon" />
      <div className="ui-error-box__content">
        {title !== undefined && <p className="ui-error-box__title">{title}</p>}
        <p className="ui-error-box__message">{message}</p>
        {onRetry && (
          <Button variant="secondary" size="sm" className="ui-error-box__retry" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
