import { useQuery } from '@tanstack/react-query';
import { getBooks, searchBookPages, type Book } from '@shared/contract/textbooks';
import { useState } from 'react';
import { ruTextbooks } from '../../i18n/textbooks';
import { liveErrorText, liveRequest, retryLive } from '../../lib/live-request';
import { Button, EmptyState, ErrorBox, Loader, SearchInput } from '../../ui';
import { BookDialog } from './BookDialog';
import { BOOKS_KEY } from './keys';
import './textbooks.css';

const t = ruTextbooks.list;
const s = ruTextbooks.search;

/** Which dialog is open: creating, or editing a book at a page. */
type Open = { mode: 'create' } | { mode: 'edit'; book: Book; page: number } | null;

/** Back-office §2.14 'Список учебников', route curator/textbooks. */
export function TextbooksPage() {
  const [open, setOpen] = useState<Open>(null);
  const list = useQuery({ queryKey: BOOKS_KEY, queryFn: () => liveRequest(getBooks, {}), retry: retryLive });
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
      {list.isPending ? (
        <Loader label={t.loading} />
      ) : list.isError ? (
        <ErrorBox message={t.error(liveErrorText(list.error))} onRetry={() => void list.refetch()} retryLabel={t.retry} />
      ) : books.length === 0 ? (
        <EmptyState text={t.empty} />
      ) : (
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
  const found = useQuery({
    queryKey: ['textbooks', 'search', query],
    queryFn: () => liveRequest(searchBookPages, { query }),
    enabled: query.trim().length >= 2,
    retry: retryLive,
  });
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
