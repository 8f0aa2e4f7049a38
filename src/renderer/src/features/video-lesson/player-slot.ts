// The one place the screens take the player from. TEMPORARY: points at the local stand-in until
// features/video/player (media branch) is on main; then re-export from '../video/player/…'.
export {
  TemporaryVideoPlayer as VideoPlayer,
  readVideoQuality,
  saveVideoQuality,
  type VideoPlayerHandle,
  type VideoQuality,
} from './temporary-player/TemporaryVideoPlayer';
