import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createBook, updateBook, type Book } from '@shared/contract/textbooks';
import { useState } from 'react';
import { ruTextbooks } from '../../i18n/textbooks';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, ErrorBox, Popup, TextField, useNotify } from '../../ui';
import { bookErrors, bookInput, type BookForm } from './book-form';
import { PagesPanel } from './PagesPanel';
import { textbooksQueries } from './api';

const d = ruTextbooks.dialog;

/** §8 'Произошла ошибка при создании учебника', with the server's reason when there is one. */
const createErrorText = (message: string) => (message === d.createError ? message : `${d.createError}: ${message}`);

const formOf = (book: Book | null): BookForm =>
  book ? { title: book.title, author: book.author, publishYear: book.publishYear, pages: book.pages } : { title: '', author: '', publishYear: '', pages: '' };

/** 'Создание учебника' / 'Редактирование учебника №{id}' with the pages panel (§2.14). */
export function BookDialog({
  book,
  initialPage,
  ocrProblem,
  onClose,
  onCreated,
}: {
  book: Book | null;
  initialPage: number;
  ocrProblem: string;
  onClose: () => void;
  onCreated: (book: Book) => void;
}) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [form, setForm] = useState<BookForm>(() => formOf(book));
  const [touched, setTouched] = useState(false);
  // The page count the pages panel works with: the saved one, not what is being typed.
  const [savedPages, setSavedPages] = useState(book ? Number(book.pages) : 0);
  const errors = bookErrors(form);
  const invalid = Object.keys(errors).length > 0;
  const shown = touched ? errors : {};

  const save = useMutation({
    mutationFn: async () => {
      const input = bookInput(form);
      if (!book) {
        const { id } = await liveRequest(createBook, input);
        if (!id) throw new Error(d.createError);
        return { id, input };
      }
      await liveRequest(updateBook, { id: Number(book.id), book: input });
      return { id: book.id, input };
    },
    onSuccess: ({ id, input }) => {
      void queryClient.invalidateQueries({ queryKey: textbooksQueries.books().queryKey });
      const saved: Book = { id, title: input.title, author: input.author, publishYear: input.publishYear, pages: String(input.pages), pagesWithImage: book?.pagesWithImage ?? '0', pagesWithText: book?.pagesWithText ?? '0' };
      if (!book) onCreated(saved);
      else {
        setSavedPages(input.pages);
        notify(d.saved, { tone: 'success' });
      }
    },
  });

  const submit = () => {
    setTouched(true);
    if (!invalid) save.mutate();
  };
  const field = (key: keyof BookForm) => ({ value: form[key], onChange: (value: string) => setForm((current) => ({ ...current, [key]: value })), error: shown[key] });

  return (
    <Popup
      open
      onClose={onClose}
      size="lg"
      className="book-dialog"
      title={book ? d.editTitle(book.id) : d.createTitle}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {d.cancel}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={touched && invalid}>
            {book ? d.save : d.create}
          </Button>
        </>
      }
    >
      <form
        className="book-dialog__fields"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField label={d.name} required maxLength={300} {...field('title')} />
        <TextField label={d.author} maxLength={300} {...field('author')} />
        <TextField label={d.year} inputMode="numeric" maxLength={4} {...field('publishYear')} />
        <TextField label={d.pages} required inputMode="numeric" maxLength={4} {...field('pages')} />
        {/* Enter in a field saves, as the dialog's main button does. */}
        <button type="submit" hidden />
      </form>
      {save.isError && <ErrorBox message={book ? d.saveError(liveErrorText(save.error)) : createErrorText(liveErrorText(save.error))} />}
      {book && savedPages > 0 && <PagesPanel bookId={Number(book.id)} total={savedPages} initialPage={Math.min(initialPage, savedPages)} ocrProblem={ocrProblem} />}
    </Popup>
  );
}
