import { useMutation } from '@tanstack/react-query';
import { transcribeVideo, triggerUpdateVideoTranscribingStatus, updateVideoTranscribingStatus, type AdminVideo } from '@shared/contract/video-admin';
import { useEffect, useMemo, useState } from 'react';
import { ruVideoAdmin } from '../../i18n/video-admin';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Accordion, Button, Card, ErrorBox } from '../../ui';
import { usePush } from '../../lib/use-push';

const t = ruVideoAdmin.transcript;

/** A download link for text the screen already has (no second request). */
function useTextUrl(text: string, type: string): string | null {
  const url = useMemo(() => (text === '' ? null : URL.createObjectURL(new Blob([text], { type }))), [text, type]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/**
 * Transcription of one video (§4): idle, processing with the server's status text, finished
 * (isFinished=1 reloads the video). Disabled without a file or a configured provider, saying why.
 */
export function TranscriptCard({ video, configured, onFinished }: { video: AdminVideo; configured: boolean; onFinished: () => void }) {
  const [status, setStatus] = useState<{ text: string; finished: boolean } | null>(null);
  const start = useMutation({ mutationFn: () => liveRequest(transcribeVideo, { videoId: video.videoId }) });
  usePush(updateVideoTranscribingStatus, (body) => {
    if (body.videoId !== video.videoId) return;
    setStatus({ text: body.status, finished: body.isFinished === '1' });
    if (body.isFinished === '1') onFinished();
  });
  useEffect(() => {
    void liveRequest(triggerUpdateVideoTranscribingStatus, { videoId: video.videoId }).catch(() => undefined);
  }, [video.videoId]);

  const hasFile = video.mediaStatus !== 'none';
  const hasTranscript = video.videoTranscribingJson !== '';
  const running = status !== null && !status.finished;
  const reason = !configured ? t.notConfigured : !hasFile ? t.needFile : null;
  const srtUrl = useTextUrl(video.videoTranscribingSrt, 'application/x-subrip');
  const jsonUrl = useTextUrl(video.videoTranscribingJson, 'application/json');

  return (
    <Card title={t.title} className="video-detail__transcript">
      <div className="video-detail__row">
        <Button
          variant={hasTranscript ? 'secondary' : 'primary'}
          disabled={reason !== null || running}
          loading={start.isPending || running}
          onClick={() => start.mutate()}
          aria-describedby={reason ? 'transcript-reason' : undefined}
        >
          {hasTranscript ? t.already : t.start}
        </Button>
        {reason && (
          <span id="transcript-reason" className="muted small">
            {reason}
          </span>
        )}
        {status && reason === null && (
          <span className="small" role="status">
            {status.text}
          </span>
        )}
      </div>
      {start.isError && <ErrorBox message={t.error(liveErrorText(start.error))} />}
      {hasTranscript && (
        <>
          <div className="video-detail__row">
            {srtUrl && (
              <a href={srtUrl} download={`video-${video.videoId}.srt`}>
                {t.srtLink}
              </a>
            )}
            {jsonUrl && (
              <a href={jsonUrl} download={`video-${video.videoId}.json`}>
                {t.jsonLink}
              </a>
            )}
          </div>
          <Accordion title={t.srtAccordion} headingLevel={3}>
            <pre className="video-detail__srt">{video.videoTranscribingSrt}</pre>
          </Accordion>
        </>
      )}
    </Card>
  );
}
