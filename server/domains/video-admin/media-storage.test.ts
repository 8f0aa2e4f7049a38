import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/helpers/server';
import { safeKey } from '../../providers/storage';
import { mediaPrefix, playlistKey, sourcePrefix } from '../video-media/media-store';
import { mediaVideoStorage } from './media-storage';

describe('video admin over the media storage', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'enot-vadmin-storage-'));
    server = await startTestServer({ env: { STORAGE_DIR: join(dir, 'storage') } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the low rendition when the upload is gone, and removes everything of a deleted video', async () => {
    const { storage } = server.server.services;
    const hls = join(dir, 'hls');
    mkdirSync(hls);
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=400:duration=3', '-f', 'lavfi', '-i', 'color=c=green:s=64x64:d=3', '-shortest', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac', '-hls_time', '1', '-hls_segment_filename', join(hls, 'seg_%05d.ts'), join(hls, 'index.m3u8')]);
    const mediaKey = 'v77-test';
    await storage.putPath(safeKey(mediaPrefix(mediaKey), 'low'), hls);
    await storage.putBytes(safeKey('previews', '77-squared-abc.png'), Buffer.from('png'));
    await storage.putBytes(safeKey('previews', '77-rectangled-def.png'), Buffer.from('png'));
    await storage.putBytes(safeKey('previews', '77-rectangled.current'), Buffer.from('previews/77-rectangled-def.png'));

    const video = { id: 77, media_key: mediaKey, filename: 'a.mp4', preview_path: 'previews/77-squared-abc.png' };
    const source = await mediaVideoStorage.sourceOf(server.server.services, video);
    expect(source).not.toBeNull();
    const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', source!.path]).toString();
    expect(probe).toContain('audio');
    const copy = join(source!.path, '..');
    expect(readdirSync(copy).filter((name) => name.endsWith('.ts')).length).toBeGreaterThan(0);
    await source!.release();
    expect(() => readdirSync(copy)).toThrow();

    expect(await mediaVideoStorage.sourceOf(server.server.services, { ...video, media_key: '' })).toBeNull();
    expect(await mediaVideoStorage.sourceOf(server.server.services, { ...video, media_key: 'v78-none' })).toBeNull();

    await mediaVideoStorage.remove(server.server.services, video);
    expect(await storage.readBytes(playlistKey(mediaKey, 'low'))).toBeNull();
    expect(await storage.size(safeKey(sourcePrefix(mediaKey), 'source.bin'))).toBeNull();
    for (const name of ['77-squared-abc.png', '77-rectangled-def.png', '77-rectangled.current']) {
      expect(await storage.readBytes(safeKey('previews', name))).toBeNull();
    }
  });
});
