import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { cx } from './class-names';
import './field.css';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Help under the field (hidden while an error shows). */
  hint?: ReactNode;
  /** Error under the field; marks it invalid. */
  error?: ReactNode;
}

/** A labelled multi-line input with optional hint and error: TextField's sibling for long texts. */
export function TextArea({ label, value, onChange, hint, error, id, className, rows = 3, ...rest }: TextAreaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const showHint = hint !== undefined && error === undefined;
  return (
    <div className={cx('ui-field', className)}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
      </label>
      <textarea
        id={inputId}
        className="ui-input ui-textarea"
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={cx(showHint && hintId, error !== undefined && errorId) || undefined}
        {...rest}
      />
      {showHint && (
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
