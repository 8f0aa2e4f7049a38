import type { MediaStatus } from '@shared/contract/video';
import { ruVideoLesson } from '../../i18n/video';
import { Spinner } from '../Spinner';

const t = ruVideoLesson.lesson.media;

/** What stands in the player's place while the video has no playable media. */
export function MediaState({ status }: { status: MediaStatus }) {
  const busy = status === 'queued' || status === 'processing';
  return (
    <div className={`video-media-state video-media-state--${status}`} role="status">
      {busy && <Spinner />}
      <p className="video-media-state__text">{status === 'ready' ? null : t[status]}</p>
      {busy && <p className="muted small">{t.processingHint}</p>}
    </div>
  );
}
