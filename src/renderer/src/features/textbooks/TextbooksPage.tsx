import { useQuery } from '@tanstack/react-query';
import type { Book } from '@shared/contract/textbooks';
import { useState } from 'react';
import { ruTextbooks } from '../../i18n/textbooks';
import { liveErrorText } from '../../lib/live-request';
import { Button, ErrorBox, Loader, QueryState, SearchInput } from '../../ui';
import { BookDialog } from './BookDialog';
import { textbooksQueries } from './api';
import './textbooks.css';

const t = ruTextbooks.list;
const s = ruTextbooks.search;

/** Which dialog is open: creating, or editing a book at a page. */
type Open = { mode: 'create' } | { mode: 'edit'; book: Book; page: number } | null;

/** Back-office §2.14 'Список учебников', route curator/textbooks. */
export function TextbooksPage() {
  const [open, setOpen] = useState<Open>(null);
  const list = useQuery(textbooksQueries.books());
  const books = list.data?.books ?? [];
  const openBook = (bookId: string, page = 1) => {
    const book = books.find((item) => item.id === bookId);
    if (book) setOpen({ mode: 'edit', book, page });
  };

  return (
    <section className="screen textbooks" aria-labelledby="textbooks-title">
      <div className="textbooks__head">
        <h1 id="textbooks-title">{t.title}</h1>
        <Button onClick={() => setOpen({ mode: 'create' })}>{t.add}</Button>
      </div>
      {list.data?.ocrProblem && <ErrorBox title={t.ocrUnavailable} message={list.data.ocrProblem} />}
      <QueryState query={list} errorText={(error) => t.error(liveErrorText(error))} retryLabel={t.retry} loading={<Loader label={t.loading} />} empty={() => books.length === 0 && t.empty}>
        {() => (
          <>
            <PageSearch onOpen={openBook} />
            <ul className="textbooks__cards">
              {books.map((book) => (
                <li key={book.id}>
                  <button type="button" className="textbook-card" onClick={() => setOpen({ mode: 'edit', book, page: 1 })}>
                    <span className="textbook-card__title">{book.title}</span>
                    <span className="textbook-card__meta">{book.author || t.noAuthor}</span>
                    <span className="textbook-card__meta">
                      {t.year(book.publishYear)} · {t.pages(book.pages)}
                    </span>
                    <span className="textbook-card__progress">{t.progress(book.pagesWithImage, book.pagesWithText)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
      {open && (
        <BookDialog
          key={open.mode === 'edit' ? `${open.book.id}:${open.page}` : 'create'}
          book={open.mode === 'edit' ? open.book : null}
          initialPage={open.mode === 'edit' ? open.page : 1}
          ocrProblem={list.data?.ocrProblem ?? ''}
          onClose={() => setOpen(null)}
          onCreated={(book) => setOpen({ mode: 'edit', book, page: 1 })}
        />
      )}
    </section>
  );
}

/** Beyond the spec: which page of which book covers a topic, across every transcription. */
function PageSearch({ onOpen }: { onOpen: (bookId: string, page: number) => void }) {
  const [query, setQuery] = useState('');
  const found = useQuery(textbooksQueries.search(query));
  return (
    <div className="textbooks__search">
      <SearchInput label={s.label} placeholder={s.placeholder} onSearch={setQuery} />
      {query.trim().length >= 2 &&
        (found.isPending ? (
          <p className="muted small">{s.searching}</p>
        ) : found.isError ? (
          <ErrorBox message={s.error(liveErrorText(found.error))} onRetry={() => void found.refetch()} />
        ) : found.data.matches.length === 0 ? (
          <p className="muted small">{s.none}</p>
        ) : (
          <ul className="textbooks__hits" aria-label={s.label}>
            {found.data.matches.map((match) => (
              <li key={`${match.bookId}:${match.page}`}>
                <button type="button" className="textbooks__hit" onClick={() => onOpen(match.bookId, match.page)}>
                  <span className="textbooks__hit-title">{s.hit(match.title, match.page)}</span>
                  <span className="textbooks__hit-snippet">{match.snippet}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
