import { forwardRef } from 'react';
import { ruVideoAdmin } from '../../i18n/video-admin';

/** The handle of the shared player (features/video/player): seek, play, pause, current time. */
export interface PlayerHandle {
  seek(ms: number): void;
  play(): void;
  pause(): void;
  currentMs(): number;
}

/**
 * Where the back office shows the student player. The player widget is built by the media work;
 * until it is on this branch the slot says when the video will play instead of a dead element.
 */
export const PlayerSlot = forwardRef<PlayerHandle, { videoId: string; ready: boolean }>(function PlayerSlot({ ready }, _ref) {
  return <p className="video-player-slot muted">{ruVideoAdmin.timecodes.noPlayer}</p>;
});
