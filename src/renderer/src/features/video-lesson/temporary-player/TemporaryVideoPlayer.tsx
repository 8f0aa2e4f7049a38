/**
 * TEMPORARY stand-in for features/video/player (built on the `media` branch), with the same props
 * and handle, so the screens work before it lands. Delete this folder and switch player-slot.ts
 * to the real player after merging main.
 */
import Hls from 'hls.js';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { apiBaseUrl } from '../../../lib/api';

export type VideoQuality = 'high' | 'low';

export interface VideoPlayerHandle {
  seek(ms: number): void;
  play(): void;
  pause(): void;
  currentMs(): number;
  element(): HTMLVideoElement | null;
}

export interface VideoPlayerProps {
  videoId: number;
  quality: VideoQuality;
  autoPlay?: boolean;
  onTimeUpdate?: (ms: number) => void;
  onError?: (message: string) => void;
  className?: string;
}

export const TemporaryVideoPlayer = forwardRef<VideoPlayerHandle, VideoPlayerProps>(function TemporaryVideoPlayer(
  { videoId, quality, autoPlay, onTimeUpdate, onError, className },
  ref,
) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useImperativeHandle(ref, () => ({
    seek: (ms) => {
      if (videoRef.current) videoRef.current.currentTime = ms / 1000;
    },
    play: () => void videoRef.current?.play().catch(() => undefined),
    pause: () => videoRef.current?.pause(),
    currentMs: () => Math.round((videoRef.current?.currentTime ?? 0) * 1000),
    element: () => videoRef.current,
  }));
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const src = `${apiBaseUrl()}/app/api/videos/v_link_new.php?video_id=${videoId}${quality === 'low' ? '&low=1' : ''}`;
    if (!Hls.isSupported()) {
      video.src = src;
      return;
    }
    const hls = new Hls({ xhrSetup: (xhr) => {
        xhr.withCredentials = true;
      }, });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onError?.(data.details);
    });
    hls.loadSource(src);
    hls.attachMedia(video);
    return () => hls.destroy();
  }, [videoId, quality, onError]);
  return (
    <video
      ref={videoRef}
      className={className}
      controls
      playsInline
      autoPlay={autoPlay}
      onTimeUpdate={(event) => onTimeUpdate?.(Math.round(event.currentTarget.currentTime * 1000))}
    />
  );
});

const QUALITY_KEY = 'video_quality';
export const readVideoQuality = (): VideoQuality => (localStorage.getItem(QUALITY_KEY) === 'low' ? 'low' : 'high');
export const saveVideoQuality = (quality: VideoQuality) => localStorage.setItem(QUALITY_KEY, quality);
