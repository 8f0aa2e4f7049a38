import { uploadBookPage, uploadBookPages } from '@shared/contract/textbooks';
import { useRef, useState } from 'react';
import { ruTextbooks } from '../../i18n/textbooks';
import { uploadFiles } from '../../lib/upload';
import { Button, ErrorBox, Popup, ProgressBar } from '../../ui';
import { batches, imageProblem, pagedFiles } from './book-form';

const u = ruTextbooks.upload;

/** Adds one image for the shown page, or several named by page ('1.jpg'), five per request (§7.3). */
export function PageUploadPopup({
  mode,
  bookId,
  page,
  total,
  onClose,
  onUploaded,
}: {
  mode: 'one' | 'many';
  bookId: number;
  page: number;
  total: number;
  onClose: () => void;
  onUploaded: (pages: number[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [done, setDone] = useState<number[]>([]);

  const choose = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    setFiles(chosen);
    setDone([]);
    setProgress(null);
    setSendError(null);
    if (mode === 'one') setProblem(chosen[0] ? imageProblem(chosen[0]) : null);
    else setProblem(pagedFiles(chosen, total).problem);
  };

  const send = async () => {
    setSending(true);
    setSendError(null);
    const uploaded: number[] = [];
    try {
      if (mode === 'one') {
        await uploadFiles(uploadBookPage.path, { bookId, page, filename: files[0]!.name }, [{ field: 'file', file: files[0]! }]);
        uploaded.push(page);
      } else {
        const paged = pagedFiles(files, total).files;
        setProgress({ done: 0, total: paged.length });
        // Each batch lands whole or not at all; a failure stops here and says which pages are in.
        for (const batch of batches(paged)) {
          const reply = await uploadFiles(uploadBookPages.path, { bookId }, batch.map((item) => ({ field: 'files', file: item.file })));
          const pages = Array.isArray(reply.uploadedPages) ? reply.uploadedPages.map(Number) : batch.map((item) => item.page);
          uploaded.push(...pages);
          setProgress({ done: uploaded.length, total: paged.length });
        }
      }
      setDone(uploaded);
      if (mode === 'one') onClose();
    } catch (error) {
      setSendError(u.failed(error instanceof Error ? error.message : String(error)));
      setDone(uploaded);
    } finally {
      if (uploaded.length > 0) onUploaded(uploaded);
      setSending(false);
    }
  };

  return (
    <Popup
      open
      onClose={onClose}
      size="sm"
      title={mode === 'one' ? u.oneTitle(page) : u.manyTitle}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {u.close}
          </Button>
          <Button disabled={files.length === 0 || problem !== null || sending} loading={sending} onClick={() => void send()}>
            {u.start}
          </Button>
        </>
      }
    >
      <p className="muted small">{mode === 'one' ? u.hintOne : u.hintMany}</p>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
        multiple={mode === 'many'}
        onChange={(event) => choose(event.target.files)}
        aria-label={mode === 'one' ? u.chooseOne : u.choose}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={sending}>
        {mode === 'one' ? u.chooseOne : u.choose}
      </Button>
      {files.length > 0 && <p className="small">{mode === 'one' ? files[0]!.name : u.selected(files.length)}</p>}
      {progress && <ProgressBar value={progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0} label={u.progress(progress.done, progress.total)} />}
      {done.length > 0 && mode === 'many' && <p className="small">{u.done(done)}</p>}
      {problem && <ErrorBox message={problem} />}
      {sendError && <ErrorBox message={sendError} />}
    </Popup>
  );
}
