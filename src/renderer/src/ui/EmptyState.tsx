import type { ReactNode } from 'react';
import { cx } from './class-names';
import './EmptyState.css';

export interface EmptyStateProps {
  /** The spec's empty text, e.g. 'Подписки отсутствуют'. */
  text: ReactNode;
  icon?: ReactNode;
  /** A button or link that gets the user going. */
  action?: ReactNode;
  /** Less padding, for a list inside a card. */
  compact?: boolean;
  className?: string;
}

/** What a list or screen shows when there is nothing in it. */
export function EmptyState({ text, icon, action, compact, className }: EmptyStateProps) {
  return (
    <div className={cx('ui-empty', compact && 'ui-empty--compact', className)}>
      {icon !== undefined && (
        <div className="ui-empty__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="ui-empty__text">{text}</p>
      {action !== undefined && <div className="ui-empty__action">{action}</div>}
    </div>
  );
}
