import { ru } from '../i18n/ru';
import { cx } from './class-names';
import { IconAlert, IconCheck, IconClose, IconInfo } from './icons';
import type { NoticeTone } from './notifier-store';
import './Toast.css';

export interface ToastProps {
  text: string;
  tone?: NoticeTone;
  /** How many times the message arrived; shown from 2 on. */
  count?: number;
  onDismiss?: () => void;
  className?: string;
}

const ICONS = { error: IconAlert, info: IconInfo, success: IconCheck } as const;

/** One message of the notification stack. Errors interrupt screen readers; others wait politely. */
export function Toast({ text, tone = 'error', count = 1, onDismiss, className }: ToastProps) {
  const Icon = ICONS[tone];
  return (
    <div className={cx('ui-toast', `ui-toast--${tone}`, className)} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon className="ui-toast__icon" />
      <p className="ui-toast__text">
        {text}
        {count > 1 && <span className="ui-toast__count"> ×{count}</span>}
      </p>
      {onDismiss && (
        <button type="button" className="ui-toast__close" aria-label={ru.notifier.dismiss} onClick={onDismiss}>
          <IconClose size={16} />
        </button>
      )}
    </div>
  );
}
