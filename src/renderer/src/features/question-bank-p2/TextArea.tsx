import { type ReactNode, useId } from 'react';

/** A labelled multi-line field with optional hint and error (the bank dialogs' long texts). */
export function TextArea({ label, value, onChange, error, hint, rows = 3 }: { label: ReactNode; value: string; onChange: (value: string) => void; error?: string; hint?: ReactNode; rows?: number }) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="ui-input qedit__textarea"
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
