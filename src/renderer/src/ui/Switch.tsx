import type { ReactNode } from 'react';
import { cx } from './class-names';
import './Switch.css';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The switch's name, shown at its right; `hideLabel` keeps it for screen readers only. */
  label: ReactNode;
  hideLabel?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/** An on/off toggle that applies at once (dark theme), as a button with role="switch". */
export function Switch({ checked, onChange, label, hideLabel, disabled, id, className }: SwitchProps) {
  return (
    <button
      type="button"
      id={id}
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      className={cx('ui-switch', className)}
      onClick={() => onChange(!checked)}
    >
      <span className="ui-switch__track" aria-hidden="true">
        <span className="ui-switch__thumb" />
      </span>
      <span className={hideLabel ? 'visually-hidden' : 'ui-switch__label'}>{label}</span>
    </button>
  );
}
