import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ru } from '../i18n/ru';
import { Button } from './Button';
import { phraseMatches } from './phrase-match';
import { Popup } from './Popup';
import { fill } from './template';
import { TextField } from './TextField';
import './ConfirmPopup.css';

export interface ConfirmPopupProps {
  open: boolean;
  title: ReactNode;
  text?: ReactNode;
  /** May return a promise: the confirm button shows a spinner until it settles. */
  onConfirm: () => void | Promise<unknown>;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** When set, confirming needs this exact phrase typed first. */
  phrase?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** An error to show inside the popup, e.g. the server's message after a failed confirm. */
  error?: ReactNode;
  dismissable?: boolean;
}

/** A yes/no question, optionally guarded by a phrase the user must type (shell §6). */
export function ConfirmPopup({
  open,
  title,
  text,
  onConfirm,
  onCancel,
  confirmLabel = ru.common.confirm,
  cancelLabel = ru.common.cancel,
  phrase,
  danger,
  error,
  dismissable = true,
}: ConfirmPopupProps) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const textId = useId();

  const [wasOpen, setWasOpen] = useState(open);
  // Every opening starts empty: a phrase typed for an earlier confirmation must not carry over.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setTyped('');
      setBusy(false);
    }
  }

  const allowed = phraseMatches(typed, phrase) && !busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!allowed) return;
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setBusy(true);
    try {
      await result;
    } catch {
      // The caller reports the failure (the `error` prop); the popup just becomes usable again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup
      open={open}
      onClose={busy ? () => {} : onCancel}
      title={title}
      size="sm"
      dismissable={dismissable}
      describedBy={text !== undefined ? textId : undefined}
    >
      <form className="ui-confirm" onSubmit={submit}>
        {text !== undefined && (
          <div id={textId} className="ui-confirm__text">
            {text}
          </div>
        )}
        {phrase !== undefined && (
          <TextField
            label={fill(ru.confirm.phraseHint, { phrase: `«${phrase}»` })}
            value={typed}
            onChange={setTyped}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
          />
        )}
        {error !== undefined && (
          <p className="ui-confirm__error" role="alert">
            {error}
          </p>
        )}
        <div className="ui-confirm__actions">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={!phraseMatches(typed, phrase)} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
