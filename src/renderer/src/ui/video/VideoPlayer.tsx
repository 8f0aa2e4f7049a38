import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type Hls from 'hls.js';
import { ruVideo } from '../../i18n/video';
import { cx } from '../class-names';
import { ErrorBox } from '../ErrorBox';
import { Loader } from '../Loader';
import { retainStreamCookies, streamUrl } from './stream-cookies';
import './VideoPlayer.css';

export interface VideoPlayerProps {
  videoId: number;
  quality: 'high' | 'low';
  autoPlay?: boolean;
  /** Playback position in ms, on every `timeupdate`. */
  onTimeUpdate?: (ms: number) => void;
  /** A fatal load error, with the text shown. */
  onError?: (message: string) => void;
  className?: string;
  /**
   * What a failure says: `init` when the player itself cannot start (no HLS in this browser, its
   * code failed to load), `load` when the video does not load or play. The back office has its own
   * pair (back-office §8); students see 'Ошибка загрузки плеера' for both.
   */
  errorTexts?: PlayerErrorTexts;
}

export interface PlayerErrorTexts {
  init: string;
  load: string;
}

const STUDENT_ERROR_TEXTS: PlayerErrorTexts = { init: ruVideo.player.loadError, load: ruVideo.player.loadError };

export interface VideoPlayerHandle {
  seek(ms: number): void;
  play(): void;
  pause(): void;
  currentMs(): number;
  element(): HTMLVideoElement | null;
}

type State = 'loading' | 'ready' | 'error';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * The HLS player of a course video: hls.js (loaded on first use, so it stays out of the main
 * chunk) or the platform's own HLS where hls.js cannot run (Safari/iOS). Authorisation is the
 * stream cookies kept fresh by stream-cookies.ts while the player is mounted. Switching quality
 * keeps the position. e2e reads `data-current-ms` or the <video> element's `currentTime`.
 */
export const VideoPlayer = forwardRef<VideoPlayerHandle, VideoPlayerProps>(function VideoPlayer(
  { videoId, quality, autoPlay = false, onTimeUpdate, onError, className, errorTexts = STUDENT_ERROR_TEXTS },
  ref,
) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('loading');
  const [failure, setFailure] = useState<keyof PlayerErrorTexts>('load');
  const [attempt, setAttempt] = useState(0);
  const pendingSeekMs = useRef<number | null>(null);
  const resumePlaying = useRef(false);
  const callbacks = useRef({ onTimeUpdate, onError, errorTexts });
  callbacks.current = { onTimeUpdate, onError, errorTexts };
  const autoPlayRef = useRef(autoPlay);
  autoPlayRef.current = autoPlay;

  useImperativeHandle(
    ref,
    (): VideoPlayerHandle => ({
      seek(ms) {
        const video = videoRef.current;
        if (!video) return;
        if (video.readyState >= HTMLMediaElement.HAVE_METADATA) video.currentTime = Math.max(0, ms) / 1000;
        else pendingSeekMs.current = Math.max(0, ms);
      },
      play() {
        void videoRef.current?.play().catch(() => undefined);
      },
      pause() {
        videoRef.current?.pause();
      },
      currentMs() {
        return Math.round((videoRef.current?.currentTime ?? 0) * 1000);
      },
      element() {
        return videoRef.current;
      },
    }),
    [],
  );

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let disposed = false;
    let hls: Hls | null = null;
    const wasPlaying = resumePlaying.current;
    resumePlaying.current = false;
    setState('loading');
    const lease = retainStreamCookies();

    const fail = (detail: string, kind: keyof PlayerErrorTexts = 'load') => {
      if (disposed) return;
      setState('error');
      setFailure(kind);
      const text = callbacks.current.errorTexts[kind];
      callbacks.current.onError?.(detail === '' ? text : `${text}: ${detail}`);
    };
    const onMetadata = () => {
      if (disposed) return;
      if (pendingSeekMs.current !== null) {
        video.currentTime = pendingSeekMs.current / 1000;
        pendingSeekMs.current = null;
      }
      setState('ready');
      if (autoPlayRef.current || wasPlaying) void video.play().catch(() => undefined);
    };
    const onNativeError = () => {
      if (!hls) fail('');
    };
    video.addEventListener('loadedmetadata', onMetadata);
    video.addEventListener('error', onNativeError);

    void (async () => {
      const signed = await lease.ready;
      if (disposed) return;
      if (!signed) return fail(ruVideo.player.signedOut);
      const url = streamUrl(videoId, quality);
      let HlsClass: typeof Hls;
      try {
        HlsClass = (await import('hls.js')).default;
      } catch {
        return fail('', 'init');
      }
      if (disposed) return;
      if (HlsClass.isSupported()) {
        // Same-origin cookies in the browser; on the desktop main adds them to stream requests.
        hls = new HlsClass({ startLevel: 0 });
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (data.fatal) fail(data.response && data.response.code ? `HTTP ${data.response.code}` : '');
        });
        hls.loadSource(url);
        hls.attachMedia(video);
      } else if (video.canPlayType(HLS_TYPE)) {
        video.src = url;
      } else {
        fail('', 'init');
      }
    })().catch(() => fail('', 'init'));

    return () => {
      disposed = true;
      // A quality switch or a retry continues from where the viewer was (read before hls.js detaches).
      if (video.currentTime > 0 && pendingSeekMs.current === null) pendingSeekMs.current = Math.round(video.currentTime * 1000);
      resumePlaying.current = !video.paused;
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('error', onNativeError);
      hls?.destroy();
      if (!hls) {
        video.removeAttribute('src');
        video.load();
      }
      lease.release();
    };
  }, [videoId, quality, attempt]);

  const onTime = useCallback((event: React.SyntheticEvent<HTMLVideoElement>) => {
    const ms = Math.round(event.currentTarget.currentTime * 1000);
    event.currentTarget.parentElement?.setAttribute('data-current-ms', String(ms));
    callbacks.current.onTimeUpdate?.(ms);
  }, []);

  return (
    <div className={cx('video-player', className)} data-testid="video-player" data-state={state} data-video-id={videoId} data-quality={quality}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the school's lesson videos come without subtitle files; the lesson's text and timecodes are beside the player */}
      <video
        ref={videoRef}
        className="video-player__video"
        data-testid="video-player-video"
        aria-label={ruVideo.player.label}
        controls={state !== 'error'}
        playsInline
        preload="metadata"
        onTimeUpdate={onTime}
      />
      {state === 'loading' && <Loader className="video-player__overlay" label={ruVideo.player.loading} hideLabel />}
      {state === 'error' && (
        <div className="video-player__overlay">
          <ErrorBox message={errorTexts[failure]} onRetry={() => setAttempt((value) => value + 1)} />
        </div>
      )}
    </div>
  );
});
