import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getVideoLesson, setShortMode, setWatched, startWatchingVideo, type VideoLesson } from '@shared/contract/video';
import type { OutputOf } from '@shared/contract/core';
import { useCallback, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ruVideoLesson } from '../../i18n/video';
import { api } from '../../lib/api';
import { ErrorBox, Loader, Switch } from '../../ui';
import { MediaState } from '../../ui/video/MediaState';
import { readVideoQuality, saveVideoQuality, VideoPlayer, type VideoPlayerHandle, type VideoQuality } from '../../ui/video/player-slot';
import { QualitySelect } from '../../ui/video/QualitySelect';
import { TimecodePanel } from './TimecodePanel';
import { videoQueries } from './api';
import { useFlagToggle } from './use-flag-toggle';
import { useShortModeSkip } from './use-short-mode';
import './video.css';

const t = ruVideoLesson.lesson;

type LessonData = OutputOf<typeof getVideoLesson>;

/** Learning §2 'Video lesson' (/study/video_lesson/:videoId); without a usable id it goes to the personal area. */
export function VideoLessonPage() {
  const { videoId } = useParams();
  const id = Number(videoId);
  if (!videoId || !/^\d+$/.test(videoId) || id < 1) return <Navigate to="/lk" replace />;
  return <VideoLessonScreen key={id} videoId={id} />;
}

function VideoLessonScreen({ videoId }: { videoId: number }) {
  const lesson = useQuery(videoQueries.lesson(videoId));
  if (lesson.isPending) {
    return (
      <section className="screen video-lesson">
        <Loader />
      </section>
    );
  }
  if (lesson.isError) {
    return (
      <section className="screen video-lesson">
        <ErrorBox message={t.loadError(lesson.error.message)} onRetry={() => void lesson.refetch()} />
      </section>
    );
  }
  return <VideoLessonView data={lesson.data} />;
}

function VideoLessonView({ data }: { data: LessonData }) {
  const video: VideoLesson = data.dataArray;
  const queryClient = useQueryClient();
  const player = useRef<VideoPlayerHandle>(null);
  const [quality, setQuality] = useState<VideoQuality>(readVideoQuality);
  const [startError, setStartError] = useState<string | null>(null);
  const started = useRef(false);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: videoQueries.lesson(video.video_id).queryKey, refetchType: 'none' });
  const watched = useFlagToggle(video.watched === '1', async (value) => {
    await api.call(setWatched, { videoId: video.video_id, videoStatus: value ? '1' : '0' }, { handleErrors: true });
    refresh();
  });
  const short = useFlagToggle(video.short_mode === '1', async (value) => {
    await api.call(setShortMode, { videoId: video.video_id, shortMode: value ? '1' : '0' }, { handleErrors: true });
    refresh();
  });
  const skipped = useShortModeSkip(player, short.value, data.timecodesDetailedExplanation);

  // A view counts once, when playback first moves.
  const onTimeUpdate = useCallback(
    (ms: number) => {
      // Only real playback counts: a seek while paused also fires timeupdate.
      if (started.current || ms <= 0 || player.current?.element()?.paused !== false) return;
      started.current = true;
      api.call(startWatchingVideo, { videoId: video.video_id }, { handleErrors: true }).catch((error: Error) => setStartError(error.message));
    },
    [video.video_id],
  );

  const seek = (ms: number) => {
    player.current?.seek(ms);
    player.current?.play();
  };

  const changeQuality = (next: VideoQuality) => {
    saveVideoQuality(next);
    setQuality(next);
  };

  const ready = video.media_ready === '1';
  return (
    <section className="screen video-lesson" aria-labelledby="video-lesson-title">
      <header className="video-lesson__header">
        <p className="video-lesson__chapter muted">{t.heading(video.video_chapter, video.video_lesson_num)}</p>
        <h1 id="video-lesson-title">{video.video_shown_name}</h1>
      </header>
      <div className="video-lesson__layout">
        <div className="video-lesson__main">
          <div className="video-lesson__stage">
            {ready ? (
              <VideoPlayer ref={player} videoId={video.video_id} quality={quality} onTimeUpdate={onTimeUpdate} className="video-lesson__player" />
            ) : (
              <MediaState status={video.media_status} />
            )}
            {skipped && (
              <p className="video-lesson__notice" role="status">
                {t.skipped}
              </p>
            )}
          </div>
          {startError !== null && (
            <p className="video-lesson__error" role="alert">
              {t.startError(startError)}
            </p>
          )}
          <div className="video-lesson__controls">
            <Switch className="video-lesson__switch" label={t.short} checked={short.value} onChange={(value) => void short.toggle(value)} />
            <Switch className="video-lesson__switch" label={t.watched} checked={watched.value} onChange={(value) => void watched.toggle(value)} />
            {ready && <QualitySelect className="video-lesson__quality" value={quality} onChange={changeQuality} />}
          </div>
          {short.error !== null && (
            <p className="video-lesson__error" role="alert">
              {t.shortError(short.error)}
            </p>
          )}
          {watched.error !== null && (
            <p className="video-lesson__error" role="alert">
              {t.watchedError(watched.error)}
            </p>
          )}
        </div>
        <TimecodePanel data={data} canSeek={ready} onSeek={seek} />
      </div>
    </section>
  );
}
