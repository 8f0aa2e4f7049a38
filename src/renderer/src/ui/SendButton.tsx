import { useEffect, useRef, useState } from 'react';
import { ru } from '../i18n/ru';
import type { ButtonVariant } from './Button';
import { cx } from './class-names';
import { IconCheck } from './icons';
import { Spinner } from './Spinner';
import './Button.css';
import './SendButton.css';

export type SendState = 'idle' | 'loading' | 'sent';

export interface SendButtonProps {
  /** The send itself: resolve shows the sent label, reject returns to idle (the caller shows why). */
  onClick: () => Promise<unknown>;
  label?: string;
  sentLabel?: string;
  /** How long the sent label stays; spec: 2 s, the feedback form about 1 s. */
  sentMs?: number;
  disabled?: boolean;
  /** 'submit' lets Enter in a form send; the click still goes through onClick. */
  type?: 'button' | 'submit';
  variant?: ButtonVariant;
  block?: boolean;
  className?: string;
}

/** A send button that cycles idle → loading → sent → idle (spec shell §6). */
export function SendButton({
  onClick,
  label = ru.common.send,
  sentLabel = ru.common.sent,
  sentMs = 2000,
  disabled,
  type = 'button',
  variant = 'primary',
  block,
  className,
}: SendButtonProps) {
  const [state, setState] = useState<SendState>('idle');
  const mounted = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const send = async () => {
    if (state !== 'idle' || disabled) return;
    setState('loading');
    try {
      await onClick();
    } catch {
      if (mounted.current) setState('idle');
      return;
    }
    if (!mounted.current) return;
    setState('sent');
    timer.current = setTimeout(() => mounted.current && setState('idle'), sentMs);
  };

  // While busy the button stays focusable (aria-disabled, not disabled) so keyboard users keep their place.
  return (
    <>
      <button
        type={type}
        className={cx('ui-button', `ui-button--${variant}`, 'ui-send', `ui-send--${state}`, block && 'ui-button--block', className)}
        disabled={disabled}
        aria-disabled={state !== 'idle' || undefined}
        aria-busy={state === 'loading' || undefined}
        onClick={(event) => {
          if (type === 'submit') event.preventDefault();
          void send();
        }}
      >
        {/* All labels share one grid cell, so the button keeps the width of the longest. */}
        <span className="ui-send__labels">
          <span className="ui-send__label ui-send__label--idle">{label}</span>
          <span className="ui-send__label ui-send__label--sent">
            <IconCheck size={16} />
            {sentLabel}
          </span>
          <span className="ui-send__label ui-send__label--loading">
            <Spinner size={16} />
            <span className="visually-hidden">{ru.common.sending}</span>
          </span>
        </span>
      </button>
      {/* The label change inside a focused button is not reliably read out; this is. */}
      <span role="status" className="visually-hidden">
        {state === 'sent' ? sentLabel : ''}
      </span>
    </>
  );
}
