import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { updateBookPage, updateInfoDigitizeManyBookPages } from '@shared/contract/textbooks';
import { useEffect, useState } from 'react';
import { ruTextbooks } from '../../i18n/textbooks';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { serverAssetUrl } from '../../lib/server-asset-url';
import { usePush } from '../../lib/use-push';
import { Button, ConfirmPopup, ErrorBox, Loader, Popup, QueryState, TextField, useNotify } from '../../ui';
import { jumpTarget } from './book-form';
import { DigitizePopup } from './DigitizePopup';
import { PageUploadPopup } from './PageUploadPopup';
import { textbooksQueries } from './api';

const t = ruTextbooks.pages;

/** 'Страницы учебника' (§2.14): one page at a time as its image or its transcription. */
export function PagesPanel({ bookId, total, initialPage, ocrProblem }: { bookId: number; total: number; initialPage: number; ocrProblem: string }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [page, setPage] = useState(initialPage);
  const [view, setView] = useState<'image' | 'text'>('image');
  const [jump, setJump] = useState('');
  // Edits per page live here until saved, so paging away and back loses nothing.
  const [drafts, setDrafts] = useState<ReadonlyMap<number, string>>(new Map());
  const [upload, setUpload] = useState<'one' | 'many' | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [digitizeOpen, setDigitizeOpen] = useState(false);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);

  useEffect(() => setPage((current) => Math.min(current, total)), [total]);
  useEffect(() => setImageFailed(false), [page]);

  // §196: cached per page; a page is loaded only when first shown.
  const current = useQuery(textbooksQueries.page(bookId, page));
  const draft = drafts.get(page);
  const text = draft ?? current.data?.pageText ?? '';
  const dirty = draft !== undefined && draft !== (current.data?.pageText ?? '');

  /** Drops the cached pages an upload or a digitisation changed; the shown one reloads. */
  const refreshPages = (pages: readonly number[]) => {
    for (const changed of pages) void queryClient.invalidateQueries({ queryKey: textbooksQueries.page(bookId, changed).queryKey });
    void queryClient.invalidateQueries({ queryKey: textbooksQueries.books().queryKey });
  };

  usePush(updateInfoDigitizeManyBookPages, (body) => {
    if (body.bookId !== String(bookId)) return;
    // An unsaved draft stays on top of a newly digitised text: the curator decides which to keep.
    refreshPages(body.isFinished === '1' ? Array.from({ length: total }, (_, i) => i + 1) : body.digitizedPages);
  });

  const saveText = useMutation({
    mutationFn: () => liveRequest(updateBookPage, { bookId, page, pageText: text }),
    onSuccess: () => {
      setDrafts((map) => {
        const next = new Map(map);
        next.delete(page);
        return next;
      });
      queryClient.setQueryData(textbooksQueries.page(bookId, page).queryKey, (old) => (old ? { ...old, pageText: text, textSource: text.trim() === '' ? '' : 'manual' } : old));
      void queryClient.invalidateQueries({ queryKey: textbooksQueries.books().queryKey });
      notify(t.textSaved, { tone: 'success' });
    },
  });

  const go = (target: number) => setPage(Math.max(1, Math.min(total, target)));
  const jumpTo = () => {
    const target = jumpTarget(jump, total);
    if (target !== null) go(target);
    setJump('');
  };

  return (
    <section className="book-pages" aria-labelledby={`book-pages-${bookId}`}>
      <h3 id={`book-pages-${bookId}`}>{t.title}</h3>
      <div className="book-pages__bar">
        <div className="book-pages__toggle" role="group" aria-label={t.title}>
          <Button size="sm" variant={view === 'image' ? 'primary' : 'secondary'} aria-pressed={view === 'image'} onClick={() => setView('image')}>
            {t.image}
          </Button>
          <Button size="sm" variant={view === 'text' ? 'primary' : 'secondary'} aria-pressed={view === 'text'} onClick={() => setView('text')}>
            {t.text}
          </Button>
        </div>
        <div className="book-pages__nav">
          <Button size="sm" variant="secondary" aria-label={t.previous} disabled={page <= 1} onClick={() => go(page - 1)}>
            ‹
          </Button>
          <span className="book-pages__position" aria-live="polite">
            {t.position(page, total)}
          </span>
          <Button size="sm" variant="secondary" aria-label={t.next} disabled={page >= total} onClick={() => go(page + 1)}>
            ›
          </Button>
        </div>
        <form
          className="book-pages__jump"
          onSubmit={(event) => {
            event.preventDefault();
            jumpTo();
          }}
        >
          <TextField label={t.jump} value={jump} onChange={setJump} inputMode="numeric" maxLength={5} />
          <Button size="sm" variant="secondary" type="submit">
            {t.go}
          </Button>
        </form>
        <div className="book-pages__actions">
          <div className="book-pages__menu">
            <Button size="sm" variant="secondary" aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((value) => !value)}>
              {t.addImage}
            </Button>
            {menuOpen && (
              <ul className="book-pages__menu-list" role="menu" onKeyDown={(event) => event.key === 'Escape' && setMenuOpen(false)}>
                <li role="none">
                  <button type="button" role="menuitem" autoFocus onClick={() => (setUpload('one'), setMenuOpen(false))}>
                    {t.addOne}
                  </button>
                </li>
                <li role="none">
                  <button type="button" role="menuitem" onClick={() => (setUpload('many'), setMenuOpen(false))}>
                    {t.addMany}
                  </button>
                </li>
              </ul>
            )}
          </div>
          <Button size="sm" onClick={() => setDigitizeOpen(true)} disabled={ocrProblem !== ''} title={ocrProblem || undefined}>
            {t.digitize}
          </Button>
        </div>
      </div>

      <QueryState query={current} errorText={(error) => t.error(liveErrorText(error))} retryLabel={t.retry} loading={<Loader label={t.loading} />}>
        {(data) => view === 'image' ? (
          data.imageName === '' || imageFailed ? (
            <p className="book-pages__empty">{t.noImage}</p>
          ) : (
            <button type="button" className="book-pages__image" onClick={() => setViewerOpen(true)} aria-label={t.openViewer}>
              <img src={serverAssetUrl(data.imageName)} alt={t.imageAlt(page)} onError={() => setImageFailed(true)} />
            </button>
          )
        ) : (
          <div className="book-pages__text">
            {data.digitizeError && <p className="book-pages__warning">{t.digitizeError(data.digitizeError)}</p>}
            <label className="visually-hidden" htmlFor={`book-page-text-${bookId}`}>
              {t.text}
            </label>
            <textarea
              id={`book-page-text-${bookId}`}
              className="ui-input book-pages__textarea"
              placeholder={t.placeholder}
              value={text}
              onChange={(event) => {
                const value = event.target.value;
                setDrafts((map) => new Map(map).set(page, value));
              }}
              rows={14}
            />
            <div className="book-pages__save">
              <span className="muted small">{dirty ? t.unsaved : t.source[data.textSource]}</span>
              <Button size="sm" disabled={!dirty} loading={saveText.isPending} onClick={() => setConfirmOpen(true)}>
                {t.saveText}
              </Button>
            </div>
            {saveText.isError && <ErrorBox message={t.error(liveErrorText(saveText.error))} />}
          </div>
        )}
      </QueryState>

      <ConfirmPopup
        open={confirmOpen}
        title={t.confirmTitle}
        text={t.confirmText}
        cancelLabel={t.confirmCancel}
        confirmLabel={t.confirmOk}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => {
          setConfirmOpen(false);
          saveText.mutate();
        }}
      />
      {viewerOpen && current.data && current.data.imageName !== '' && (
        <Popup open onClose={() => setViewerOpen(false)} title={t.viewerTitle(page)} size="lg" className="book-viewer">
          <img className="book-viewer__image" src={serverAssetUrl(current.data.imageName)} alt={t.imageAlt(page)} />
        </Popup>
      )}
      {upload && <PageUploadPopup mode={upload} bookId={bookId} page={page} total={total} onClose={() => setUpload(null)} onUploaded={refreshPages} />}
      {digitizeOpen && <DigitizePopup bookId={bookId} page={page} total={total} ocrProblem={ocrProblem} onClose={() => setDigitizeOpen(false)} />}
    </section>
  );
}
