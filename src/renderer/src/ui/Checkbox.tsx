import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cx } from './class-names';
import './Checkbox.css';

export interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  /** Smaller text under the label. */
  description?: ReactNode;
  /** "Some of them" state, e.g. a select-all box. */
  indeterminate?: boolean;
  disabled?: boolean;
  name?: string;
  value?: string;
  id?: string;
  className?: string;
}

/** A native checkbox with a themed box; the label is part of the click target. */
export function Checkbox({ checked, onChange, label, description, indeterminate, disabled, name, value, id, className }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  const autoId = useId();
  const inputId = id ?? autoId;
  const descriptionId = `${inputId}-description`;
  // indeterminate exists only as a DOM property, not as an attribute.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = Boolean(indeterminate);
  }, [indeterminate]);
  return (
    <label className={cx('ui-checkbox', disabled && 'is-disabled', className)} htmlFor={inputId}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="ui-checkbox__input"
        checked={checked}
        disabled={disabled}
        name={name}
        value={value}
        aria-describedby={description !== undefined ? descriptionId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="ui-checkbox__text">
        <span className="ui-checkbox__label">{label}</span>
        {description !== undefined && (
          <span id={descriptionId} className="ui-checkbox__description">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
