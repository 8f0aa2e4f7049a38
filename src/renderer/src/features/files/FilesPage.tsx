import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFile, deleteFile, FILE_MAX_BYTES, type LibraryFile } from '@shared/contract/files';
import { useRef, useState } from 'react';
import { ruFiles } from '../../i18n/files';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, ConfirmPopup, ErrorBox, QueryState, TextField } from '../../ui';
import { uploadFile } from '../../lib/upload-file';
import { filesQueries } from './api';
import { downloadLibraryFile } from './download';
import './files.css';

const t = ruFiles;

/** Back-office §2.9 files: upload with description, table (cards at ≤ 768 px), delete with confirmation. */
export function FilesPage() {
  const queryClient = useQueryClient();
  const list = useQuery(filesQueries.list());
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState('');

  const upload = useMutation({
    mutationFn: () => uploadFile(createFile.path, { description: description.trim() }, file!),
    onSuccess: () => {
      setFile(null);
      setDescription('');
      if (input.current) input.current.value = '';
      setNotice(t.uploaded);
      void queryClient.invalidateQueries({ queryKey: filesQueries.list().queryKey });
    },
  });
  const remove = useMutation({
    mutationFn: (fileName: string) => liveRequest(deleteFile, { fileName }),
    onSuccess: () => {
      setToDelete(null);
      void queryClient.invalidateQueries({ queryKey: filesQueries.list().queryKey });
    },
  });
  const choose = (chosen: File | null) => {
    setNotice('');
    upload.reset();
    setProblem(chosen && chosen.size > FILE_MAX_BYTES ? t.tooLarge : '');
    setFile(chosen && chosen.size <= FILE_MAX_BYTES ? chosen : null);
  };
  const download = (fileName: string) => {
    setDownloadError('');
    downloadLibraryFile(fileName).catch((error: unknown) => setDownloadError(`${t.downloadError}: ${liveErrorText(error)}`));
  };

  return (
    <section className="screen files" aria-labelledby="files-title">
      <h1 id="files-title">{t.title}</h1>
      <form
        className="files__upload"
        onSubmit={(event) => {
          event.preventDefault();
          if (!file) setProblem(t.chooseFile);
          else if (description.trim() !== '') upload.mutate();
        }}
      >
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="files-input">
            {t.file}
          </label>
          <input id="files-input" ref={input} type="file" onChange={(event) => choose(event.target.files?.[0] ?? null)} />
        </div>
        <TextField label={t.description} value={description} onChange={setDescription} maxLength={500} />
        {/* §2.9: disabled until both the file and the description are set. */}
        <Button type="submit" disabled={!file || description.trim() === '' || upload.isPending}>
          {t.upload}
        </Button>
        {upload.isPending && <p role="status">{t.uploading}</p>}
        {notice && (
          <p role="status" className="files__ok">
            {notice}
          </p>
        )}
        {problem && <p className="files__error">{problem}</p>}
        {upload.isError && <ErrorBox message={upload.error.message || t.uploadError} />}
      </form>

      <h2>{t.listTitle}</h2>
      {downloadError && <ErrorBox message={downloadError} />}
      <QueryState query={list} errorText={(error) => `${t.listError}: ${liveErrorText(error)}`} retryLabel={t.retry} empty={(data) => data.files.length === 0 && t.empty}>
        {(data) => (
          <table className="files__table" data-testid="files-table">
            <thead>
              <tr>
                <th>{t.columns.file}</th>
                <th>{t.columns.comment}</th>
                <th>{t.columns.by}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.files.map((item) => (
                <FileRow key={item.fileName} item={item} onDownload={download} onDelete={setToDelete} />
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      <ConfirmPopup
        open={toDelete !== null}
        title={t.deleteConfirm}
        text={toDelete ?? ''}
        confirmLabel={t.delete}
        danger
        onConfirm={() => remove.mutateAsync(toDelete!)}
        onCancel={() => {
          setToDelete(null);
          remove.reset();
        }}
        error={remove.isError ? `${t.deleteError}: ${liveErrorText(remove.error)}` : undefined}
      />
    </section>
  );
}

function FileRow({ item, onDownload, onDelete }: { item: LibraryFile; onDownload: (name: string) => void; onDelete: (name: string) => void }) {
  return (
    <tr>
      <td data-label={t.columns.file}>
        <button type="button" className="files__link" onClick={() => onDownload(item.fileName)} title={t.download}>
          {item.fileName}
        </button>{' '}
        <span className="files__muted">{t.size(item.fileSize)}</span>
      </td>
      <td data-label={t.columns.comment}>{item.description}</td>
      <td data-label={t.columns.by}>
        {item.userMade} <span className="files__muted">{item.whenMade}</span>
      </td>
      <td>
        <Button variant="secondary" size="sm" onClick={() => onDelete(item.fileName)} aria-label={`${t.delete}: ${item.fileName}`}>
          {t.delete}
        </Button>
      </td>
    </tr>
  );
}
