import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from './class-names';
import './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Help under the field. */
  hint?: ReactNode;
  /** Error under the field; marks it invalid. */
  error?: ReactNode;
}

/** A labelled one-line input with optional hint and error. */
export function TextField({ label, value, onChange, hint, error, id, className, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = cx(hint !== undefined && hintId, error !== undefined && errorId) || undefined;
  return (
    <div className={cx('ui-field', className)}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="ui-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint !== undefined && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
