import { forwardRef } from 'react';
import { ruVideoAdmin } from '../../i18n/video-admin';
import { VideoPlayer, type VideoPlayerHandle } from '../../ui/video/VideoPlayer';

export type PlayerHandle = VideoPlayerHandle;

/** The student player once the transcode is done (it shows its own load errors); before that, a note. */
export const PlayerSlot = forwardRef<PlayerHandle, { videoId: string; ready: boolean }>(function PlayerSlot({ videoId, ready }, ref) {
  if (!ready) return <p className="video-player-slot muted">{ruVideoAdmin.timecodes.noPlayer}</p>;
  return <VideoPlayer ref={ref} videoId={Number(videoId)} quality="high" className="video-admin__player" errorTexts={ruVideoAdmin.player} />;
});
