import { uploadLessonImage } from '@shared/contract/course-editor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ruCourseEditor } from '../../i18n/course-editor';
import { liveErrorText } from '../../lib/live-request';
import { serverAssetUrl } from '../../lib/server-asset-url';
import { uploadFile } from '../../lib/upload-file';
import { buttonClassName, Card, cx, ErrorBox, useNotify } from '../../ui';
import { refreshCourse } from './api';

const t = ruCourseEditor.image;

/** The lesson's picture on the road: shown, and replaced by an upload (the server checks the bytes). */
export function LessonImage({ number, name, imagePath }: { number: number; name: string; imagePath: string }) {
  const inputId = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(uploadLessonImage.path, { number }, file, setProgress),
    onSuccess: () => notify(t.done, { tone: 'success' }),
    onSettled: () => refreshCourse(queryClient),
  });
  return (
    <Card title={t.title} className="ce-image">
      <div className="ce-image__row">
        {imagePath !== '' ? <img className="ce-image__img" src={serverAssetUrl(imagePath)} alt={t.alt(name)} /> : <span className="ce-image__img ce-image__img--none">{t.none}</span>}
        <div className="ce-image__pick">
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) {
                setProgress(0);
                upload.mutate(file);
              }
            }}
          />
          <label className={cx(buttonClassName('secondary', { size: 'sm' }), 'ce-file-button')} htmlFor={inputId}>
            {upload.isPending ? t.uploading(progress) : t.choose}
          </label>
          <p className="ce-muted ce-small">{t.hint}</p>
        </div>
      </div>
      {upload.isError && <ErrorBox message={liveErrorText(upload.error)} />}
    </Card>
  );
}
