// The one place the video screens take the player from (features/video/player, the media widget).
export { VideoPlayer, type VideoPlayerHandle } from '../video/player/VideoPlayer';
export { readVideoQuality, saveVideoQuality, type VideoQuality } from '../video/player/quality';
