import { exportCoursePackage, importCoursePackage } from '@shared/contract/course-editor';
import { moscowDateKey } from '@shared/domain/moscow-time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ruCourseEditor } from '../../i18n/course-editor';
import { downloadSigned } from '../../lib/download';
import { liveErrorText } from '../../lib/live-request';
import { uploadFile } from '../../lib/upload-file';
import { Button, buttonClassName, Card, Checkbox, cx, ErrorBox, useNotify } from '../../ui';
import { refreshCourse } from './api';

const t = ruCourseEditor.packages;

/** A count from the import's answer (the upload helper answers a plain record). */
const count = (body: Record<string, unknown>, key: string) => Number(body[key] ?? 0) || 0;

/** «Пакет курса» (admins): download the course as one archive, or load one (README «Пакет курса»). */
export function PackagesCard() {
  const notify = useNotify();
  const inputId = useId();
  const queryClient = useQueryClient();
  const [withVideo, setWithVideo] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [progress, setProgress] = useState(0);
  const download = useMutation({
    mutationFn: () => downloadSigned(exportCoursePackage.path, { includeVideoFiles: withVideo ? '1' : '0' }, `course-${moscowDateKey(Date.now())}.zip`),
    onSuccess: () => notify(t.downloaded, { tone: 'success' }),
  });
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadFile(importCoursePackage.path, { replace: replace ? '1' : '0' }, chosen, setProgress),
    onSuccess: (body) => notify(t.imported(count(body, 'chapters'), count(body, 'lessons'), count(body, 'questions')), { tone: 'success' }),
    onSettled: () => refreshCourse(queryClient),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) {
      setProgress(0);
      upload.mutate(file);
    }
  };
  return (
    <Card title={t.title} className="ce-packages">
      <p className="ce-muted">{t.lead}</p>
      <div className="ce-row">
        <Checkbox checked={withVideo} onChange={setWithVideo} label={t.withVideo} />
        <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate()}>
          {t.download}
        </Button>
      </div>
      {download.isError && <ErrorBox message={liveErrorText(download.error)} />}
      <form className="ce-form ce-packages__upload" onSubmit={submit}>
        <div className="ce-file">
          <span className="ui-field__label" id={`${inputId}-label`}>
            {t.file}
          </span>
          {/* The browser's own file button speaks its own language: ours is a label over a hidden input. */}
          <input id={inputId} className="visually-hidden" type="file" accept=".zip,application/zip" aria-labelledby={`${inputId}-label`} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          <label className={cx(buttonClassName('secondary', { size: 'sm' }), 'ce-file-button')} htmlFor={inputId}>
            {t.pickFile}
          </label>
          <span className="ce-muted ce-small">{file ? file.name : t.noFile}</span>
        </div>
        <Checkbox checked={replace} onChange={setReplace} label={t.replace} description={t.replaceHint} />
        <div className="ce-form__actions">
          {upload.isPending && <span className="ce-muted">{t.uploading(progress)}</span>}
          <Button type="submit" variant="secondary" disabled={!file} loading={upload.isPending}>
            {t.upload}
          </Button>
        </div>
      </form>
      {upload.isError && <ErrorBox message={liveErrorText(upload.error)} />}
    </Card>
  );
}
