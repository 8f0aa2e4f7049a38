import { type FormEvent, useState } from 'react';
import { Button } from '../../ui';

export const PAGE_SIZE = 20;

/** The rows of the current page and the page count (a page beyond the end shows the last one). */
export function pageOf<T>(rows: readonly T[], page: number): { shown: T[]; current: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return { shown: rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE), current, pages };
}

/** Previous and next arrows of a list. */
export function Pager({ current, pages, onPage, labels }: { current: number; pages: number; onPage: (page: number) => void; labels: { previous: string; next: string; page: (page: number, pages: number) => string } }) {
  return (
    <nav className="qbank__pager" aria-label={labels.page(current, pages)}>
      <Button variant="secondary" size="sm" onClick={() => onPage(current - 1)} disabled={current <= 1} aria-label={labels.previous}>
        ‹
      </Button>
      <span aria-live="polite">{labels.page(current, pages)}</span>
      <Button variant="secondary" size="sm" onClick={() => onPage(current + 1)} disabled={current >= pages} aria-label={labels.next}>
        ›
      </Button>
    </nav>
  );
}

/** Jump to a question by number; only numbers in the list are accepted (back-office §5). */
export function JumpForm({ ids, onOpen, labels, inputId }: { ids: readonly number[]; onOpen: (id: number) => void; labels: { jumpLabel: string; jumpOpen: string; jumpUnknown: string }; inputId: string }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(value);
    if (!ids.includes(id)) return setError(labels.jumpUnknown);
    setError(null);
    onOpen(id);
  };
  return (
    <form className="qbank__jump" onSubmit={submit}>
      <label className="ui-field__label" htmlFor={inputId}>
        {labels.jumpLabel}
      </label>
      <div className="qbank__jump-row">
        <input
          id={inputId}
          className="ui-input"
          inputMode="numeric"
          value={value}
          aria-invalid={error !== null || undefined}
          onChange={(event) => (setValue(event.target.value.replace(/\D/g, '').slice(0, 9)), setError(null))}
        />
        <Button type="submit" variant="secondary" disabled={value === ''}>
          {labels.jumpOpen}
        </Button>
      </div>
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
