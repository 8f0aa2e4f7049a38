import type { AdminVideo } from '@shared/contract/video-admin';
import { useRef, useState } from 'react';
import { ruVideoAdmin } from '../../i18n/video-admin';
import { Button, Card, ErrorBox, ProgressBar, Select } from '../../ui';
import { MediaStatusBadge } from './MediaStatusBadge';
import { serverAssetUrl } from '../../lib/server-asset-url';
import { PREVIEW_TYPES, previewProblem, type PreviewType, UPLOAD_PREVIEW_PATH, UPLOAD_VIDEO_PATH, uploadFile } from '../../lib/upload-file';
import { errorMessage } from '@shared/guards';

const t = ruVideoAdmin.detail;

/**
 * Preview (type + image) and the video file with upload progress and the transcode state. With
 * `mediaProblem` (the server has no working ffmpeg) the reason is shown and no video can be sent.
 */
export function MediaUploadCard({ video, mediaProblem, onUploaded }: { video: AdminVideo; mediaProblem: string; onUploaded: () => void }) {
  const videoInput = useRef<HTMLInputElement>(null);
  const previewInput = useRef<HTMLInputElement>(null);
  const [previewType, setPreviewType] = useState<PreviewType>('squared');
  const [progress, setProgress] = useState<number | null>(null);
  const [previewBusy, setPreviewBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = serverAssetUrl(video.videoPreview) || null;

  const sendVideo = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      await uploadFile(UPLOAD_VIDEO_PATH, { videoId: Number(video.videoId) }, file, setProgress);
      onUploaded();
    } catch (failure) {
      setError(t.uploadError(errorMessage(failure)));
    } finally {
      setProgress(null);
    }
  };

  const sendPreview = async (file: File) => {
    setError(null);
    const problem = previewProblem(file);
    if (problem) {
      setError(problem === 'type' ? t.previewBadType : t.previewTooLarge);
      return;
    }
    setPreviewBusy(true);
    try {
      await uploadFile(UPLOAD_PREVIEW_PATH, { videoId: Number(video.videoId), previewType }, file);
      onUploaded();
    } catch (failure) {
      setError(t.uploadError(errorMessage(failure)));
    } finally {
      setPreviewBusy(false);
    }
  };

  return (
    <Card title={t.fileTitle} className="video-detail__media">
      <div className="video-detail__media-grid">
        <div className="video-detail__preview">
          {preview ? <img src={preview} alt={t.previewTitle} /> : <span className="video-card__preview video-card__preview--none">{ruVideoAdmin.list.noPreview}</span>}
          <Select
            label={t.previewType}
            options={PREVIEW_TYPES.map((value) => ({ value, label: value === 'squared' ? t.previewSquared : t.previewRectangled }))}
            value={previewType}
            onChange={setPreviewType}
          />
          <input
            ref={previewInput}
            type="file"
            accept=".jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void sendPreview(file);
            }}
          />
          <Button variant="secondary" size="sm" loading={previewBusy} onClick={() => previewInput.current?.click()}>
            {t.previewUpload}
          </Button>
          <span className="muted small">{t.previewRules}</span>
        </div>
        <div className="video-detail__file">
          <p className="video-detail__filename">{video.videoFilename || t.noFile}</p>
          <MediaStatusBadge status={video.mediaStatus} />
          {video.mediaStatus === 'failed' && video.mediaError && video.mediaError !== mediaProblem && <p className="video-detail__media-error">{video.mediaError}</p>}
          {mediaProblem && <ErrorBox title={t.mediaUnavailable} message={mediaProblem} />}
          <input
            ref={videoInput}
            type="file"
            accept="video/*"
            hidden
            data-testid="video-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void sendVideo(file);
            }}
          />
          {progress !== null ? (
            <ProgressBar value={progress} label={t.uploading(progress)} />
          ) : (
            <Button variant="secondary" disabled={mediaProblem !== ''} onClick={() => videoInput.current?.click()}>
              {video.mediaStatus === 'none' ? t.fileUpload : t.fileReplace}
            </Button>
          )}
        </div>
      </div>
      {error && <ErrorBox message={error} />}
    </Card>
  );
}
