// The one place the lesson screen and the Materials search take the player from (./player, the media widget).
export { VideoPlayer, type VideoPlayerHandle } from './VideoPlayer';
export { readVideoQuality, saveVideoQuality, type VideoQuality } from './quality';
