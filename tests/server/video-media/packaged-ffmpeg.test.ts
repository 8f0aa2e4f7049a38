import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVideoList } from '../../../src/shared/contract/video-admin';
import { STREAM_PATH, signStreamCookies } from '../../../src/shared/signing';
import { TestClient } from '../../helpers/client';
import { spawnServer, type ServerProcess } from '../../helpers/process';

/**
 * `npm start` on a machine without an OS ffmpeg: PATH holds no ffmpeg and FFMPEG_PATH is unset, so
 * the binaries of the optional npm packages must be found and really encode a demo video into HLS.
 */
describe('demo videos with the ffmpeg of the npm package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'enot-packaged-ffmpeg-'));
  const emptyBin = join(dir, 'bin');
  mkdirSync(emptyBin);
  let server: ServerProcess;

  beforeAll(async () => {
    server = await spawnServer({
      DATABASE_URL: `sqlite:${join(dir, 'enot.db')}`,
      REDIS_URL: '',
      PATH: emptyBin,
      FFMPEG_PATH: '',
      FFPROBE_PATH: '',
      DEMO_MEDIA: '1',
      // An empty cache of its own: the clip is encoded by this server, not copied.
      DEMO_MEDIA_CACHE: join(dir, 'demo-media-cache'),
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the packaged ffmpeg and ffprobe in one start line, with no warning about video', () => {
    const output = server.output();
    expect(output).toMatch(/^Видео: ffmpeg \S*node_modules\/@ffmpeg-installer\/\S+ \(npm-пакет @ffmpeg-installer\/ffmpeg\), ffprobe \S*node_modules\/@ffprobe-installer\/\S+ \(npm-пакет @ffprobe-installer\/ffprobe\)$/m);
    // This PATH has no tesseract either, and the OCR warning about it is right; video has none.
    const warnings = output.split('\n').filter((line) => / WARN | ERROR /.test(line) && !line.includes('Распознавание текста недоступно'));
    expect(warnings).toEqual([]);
  });

  it('encodes the first demo video and serves its HLS playlist and segments', async () => {
    const admin = await new TestClient(server.url).signIn('admin');
    const socket = await admin.openLive();
    const firstDemo = async () => {
      const { videos } = await socket.request(getVideoList, {});
      const demo = videos.filter((video) => /^demo-\d+\.mp4$/.test(video.videoFilename)).sort((a, b) => Number(a.videoId) - Number(b.videoId))[0]!;
      if (demo.mediaStatus === 'failed') throw new Error(`demo media failed: ${demo.mediaError}\n${server.output()}`);
      return demo;
    };
    await expect.poll(async () => (await firstDemo()).mediaStatus, { timeout: 50_000, interval: 500 }).toBe('ready');
    const videoId = (await firstDemo()).videoId;
    socket.close();

    const student = await new TestClient(server.url).signIn('student');
    const cookies = await signStreamCookies(student.session!, Date.now());
    const cookie = `device=${cookies.device}; ts=${cookies.ts}; signature=${cookies.signature}`;
    const playlist = await fetch(`${server.url}${STREAM_PATH}?video_id=${videoId}&low=1`, { headers: { cookie } });
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    expect(text).toContain('#EXTM3U');
    const segments = text.split('\n').filter((line) => line.startsWith('v_link_new.php?'));
    expect(segments.length).toBeGreaterThanOrEqual(8);
    const segment = await fetch(`${server.url}${STREAM_PATH}?${segments[0]!.split('?')[1]}`, { headers: { cookie } });
    expect(segment.status).toBe(200);
    const bytes = new Uint8Array(await segment.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
  }, 60_000);
});
