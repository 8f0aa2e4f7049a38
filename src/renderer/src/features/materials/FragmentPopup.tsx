import { useQuery } from '@tanstack/react-query';
import { startWatchingVideo, type Fragment, type MediaStatus } from '@shared/contract/video';
import { useCallback, useRef, useState } from 'react';
import { ruVideoLesson } from '../../i18n/video';
import { api } from '../../lib/api';
import { Popup, QueryState } from '../../ui';
import { formatTime } from '../../ui/video/format-time';
import { MediaState } from '../../ui/video/MediaState';
import { readVideoQuality, saveVideoQuality, VideoPlayer, type VideoPlayerHandle, type VideoQuality } from '../../ui/video/player-slot';
import { QualitySelect } from '../../ui/video/QualitySelect';
import '../video/video.css';
import { materialsQueries } from './api';
import { useFragmentLoop } from './use-fragment-loop';

const t = ruVideoLesson.search;

/** The popup player of one fragment (?timecodeId=…), looping inside it; a deep link opens it directly. */
export function FragmentPopup({ timecodeId, onClose }: { timecodeId: number; onClose: () => void }) {
  const fragment = useQuery(materialsQueries.fragment(timecodeId));
  const title = fragment.data ? t.popupTitle(fragment.data.timecode.tag) : ruVideoLesson.search.title;
  return (
    <Popup open onClose={onClose} title={title} size="lg" className="video-fragment">
      <QueryState query={fragment} errorText={(error) => t.fragmentError(error.message)}>
        {(data) => (
          <FragmentPlayer fragment={data.timecode} mediaStatus={data.mediaStatus} />
        )}
      </QueryState>
    </Popup>
  );
}

function FragmentPlayer({ fragment, mediaStatus }: { fragment: Fragment; mediaStatus: MediaStatus }) {
  const player = useRef<VideoPlayerHandle>(null);
  const [quality] = useState<VideoQuality>(readVideoQuality);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useFragmentLoop(player, fragment.timeStart, fragment.timeEnd);

  const onTimeUpdate = useCallback(
    (ms: number) => {
      // Only real playback counts: a seek while paused also fires timeupdate.
      if (started.current || ms <= 0 || player.current?.element()?.paused !== false) return;
      started.current = true;
      api.call(startWatchingVideo, { videoId: fragment.videoId }, { handleErrors: true }).catch((failure: Error) => setError(ruVideoLesson.lesson.startError(failure.message)));
    },
    [fragment.videoId],
  );

  // Spec: changing quality reloads the page (the popup reopens from ?timecodeId).
  const changeQuality = (next: VideoQuality) => {
    saveVideoQuality(next);
    window.location.reload();
  };

  return (
    <div className="video-fragment__body">
      <p className="video-fragment__meta muted small">{t.lesson(fragment.videoLessonNum, fragment.videoShownName)}</p>
      <div className="video-lesson__stage">
        {mediaStatus === 'ready' ? (
          <VideoPlayer ref={player} videoId={fragment.videoId} quality={quality} autoPlay onTimeUpdate={onTimeUpdate} className="video-fragment__player" />
        ) : (
          <MediaState status={mediaStatus} />
        )}
      </div>
      {error !== null && (
        <p className="video-lesson__error" role="alert">
          {error}
        </p>
      )}
      <div className="video-fragment__controls">
        <span className="muted small">{t.loopHint(formatTime(fragment.timeStart), formatTime(fragment.timeEnd))}</span>
        {mediaStatus === 'ready' && <QualitySelect value={quality} onChange={changeQuality} className="video-lesson__quality" />}
      </div>
    </div>
  );
}
