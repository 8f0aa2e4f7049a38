import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { probe, runTool, type ProbeResult } from './ffmpeg';

/** Segment length of both renditions (seconds). */
export const SEGMENT_SECONDS = 4;
/** Names ffmpeg gives segments; the stream serves nothing else. */
export const SEGMENT_NAME = /^seg_\d{5}\.ts$/;
export const PLAYLIST_NAME = 'index.m3u8';
export const PREVIEW_NAME = 'preview.png';
export const RENDITIONS = ['high', 'low'] as const;
export type Rendition = (typeof RENDITIONS)[number];

export interface Tools {
  ffmpeg: string;
  ffprobe: string;
}

function renditionArgs(label: string, audio: boolean, audioRate: string, outDir: string): string[] {
  return [
    '-map', `[${label}]`,
    ...(audio ? ['-map', '0:a:0'] : []),
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-profile:v', 'main',
    // A key frame every segment, so each segment starts clean.
    '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    ...(audio ? ['-c:a', 'aac', '-b:a', audioRate, '-ac', '2'] : []),
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod',
    '-hls_segment_filename', join(outDir, 'seg_%05d.ts'),
    join(outDir, PLAYLIST_NAME),
  ];
}

/**
 * Source file → `<outDir>/high` (at most 720p, never upscaled) and `<outDir>/low` (360p) HLS
 * renditions, h264 + aac, plus a square 320×320 preview from a frame near the start.
 * Throws when the source has no video stream.
 */
export async function transcodeToHls(tools: Tools, source: string, outDir: string): Promise<ProbeResult> {
  const info = await probe(tools.ffprobe, source);
  if (!info.hasVideo) throw new NoVideoError();
  await mkdir(join(outDir, 'high'), { recursive: true });
  await mkdir(join(outDir, 'low'), { recursive: true });
  await runTool(tools.ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y', '-i', source,
    '-filter_complex', "[0:v]split=2[a][b];[a]scale=-2:'trunc(min(720,ih)/2)*2'[high];[b]scale=-2:'trunc(min(360,ih)/2)*2'[low]",
    ...renditionArgs('high', info.hasAudio, '128k', join(outDir, 'high')),
    ...renditionArgs('low', info.hasAudio, '64k', join(outDir, 'low')),
  ]);
  const at = Math.min(1, info.durationMs / 2000);
  await runTool(tools.ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y', '-ss', at.toFixed(3), '-i', source, '-frames:v', '1',
    '-vf', 'scale=320:320:force_original_aspect_ratio=increase,crop=320:320', join(outDir, PREVIEW_NAME),
  ]);
  return info;
}

/** The upload is not a video ffmpeg can read: a permanent failure, not worth a retry. */
export class NoVideoError extends Error {
  constructor() {
    super('В файле не найдено видео. Загрузите видеофайл (например, mp4).');
  }
}
