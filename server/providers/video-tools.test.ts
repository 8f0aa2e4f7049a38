import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log';
import { createVideoTools, locateTool, packagedTool, VideoTools, VideoToolsUnavailable, type LocatedTool } from './video-tools';

const work = mkdtempSync(join(tmpdir(), 'enot-video-tools-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A shell script standing in for a tool, in its own folder. */
function fakeTool(folder: string, name: string, script: string, mode = 0o755): string {
  const dir = join(work, folder);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${script}\n`, { mode });
  return dir;
}

function capture() {
  const lines: string[] = [];
  return { lines, log: createLogger('debug', (line) => lines.push(line)) };
}

describe('locating ffmpeg and ffprobe', () => {
  const osDir = fakeTool('os', 'ffmpeg', 'exit 0');
  const notExecutable = fakeTool('plain', 'ffmpeg', 'exit 0', 0o644);
  const folderNamedFfmpeg = join(work, 'folder');
  mkdirSync(join(folderNamedFfmpeg, 'ffmpeg'), { recursive: true });
  const empty = join(work, 'empty');
  mkdirSync(empty);
  const packaged = () => '/opt/pkg/ffmpeg';

  it('takes FFMPEG_PATH first, even over the OS and the package', () => {
    expect(locateTool('ffmpeg', { configured: '/custom/ffmpeg', pathEnv: osDir, packaged })).toEqual({ path: '/custom/ffmpeg', source: 'env' });
  });

  it('then the first executable file on PATH, skipping plain files and folders', () => {
    const pathEnv = [empty, notExecutable, folderNamedFfmpeg, osDir].join(delimiter);
    expect(locateTool('ffmpeg', { pathEnv, packaged })).toEqual({ path: join(osDir, 'ffmpeg'), source: 'os' });
  });

  it('then the npm package, else nothing', () => {
    expect(locateTool('ffmpeg', { pathEnv: empty, packaged })).toEqual({ path: '/opt/pkg/ffmpeg', source: 'npm' });
    expect(locateTool('ffmpeg', { pathEnv: empty, packaged: () => null })).toBeNull();
    expect(locateTool('ffmpeg', { pathEnv: undefined, packaged: () => null })).toBeNull();
  });

  it('finds runnable binaries in the optional npm packages on this platform', () => {
    for (const name of ['ffmpeg', 'ffprobe'] as const) {
      const path = packagedTool(name);
      expect(path).toContain(`node_modules/@${name}-installer/`);
      expect(execFileSync(path!, ['-version']).toString()).toMatch(new RegExp(`^${name} version`));
    }
  });

  it('uses the packages when the config names nothing and PATH has no ffmpeg', () => {
    const tools = createVideoTools({}, capture().log, empty);
    expect(tools.ffmpeg).toEqual({ path: packagedTool('ffmpeg'), source: 'npm' });
    expect(tools.ffprobe).toEqual({ path: packagedTool('ffprobe'), source: 'npm' });
    expect(tools.describe()).toBe(`Видео: ffmpeg ${packagedTool('ffmpeg')} (npm-пакет @ffmpeg-installer/ffmpeg), ffprobe ${packagedTool('ffprobe')} (npm-пакет @ffprobe-installer/ffprobe)`);
    expect(createVideoTools({ FFMPEG_PATH: '/x/ffmpeg' }, capture().log, join(work, 'os')).describe()).toMatch(/^Видео: ffmpeg \/x\/ffmpeg \(FFMPEG_PATH\), ffprobe /);
  });
});

describe('checking the tools', () => {
  const ffprobe: LocatedTool = { path: packagedTool('ffprobe')!, source: 'npm' };
  const ffmpeg: LocatedTool = { path: packagedTool('ffmpeg')!, source: 'npm' };

  it('accepts the packaged build: libx264, aac and drawtext', async () => {
    const { lines, log } = capture();
    const tools = new VideoTools(ffmpeg, ffprobe, log);
    expect(await tools.status()).toEqual({ problem: null, drawtext: true });
    expect(await tools.require()).toEqual({ ffmpeg: ffmpeg.path, ffprobe: ffprobe.path, drawtext: true });
    expect(lines).toEqual([]);
  });

  it('says ffmpeg is missing in one warning, however often it is asked', async () => {
    const { lines, log } = capture();
    const tools = new VideoTools(null, ffprobe, log);
    const problem =
      'Сервер не может обрабатывать видео: ffmpeg не найден. Установите ffmpeg (например, apt install ffmpeg) или укажите путь в FFMPEG_PATH и перезапустите сервер.';
    expect(await tools.status()).toEqual({ problem, drawtext: false });
    await expect(tools.require()).rejects.toThrow(new VideoToolsUnavailable(problem));
    await expect(tools.require()).rejects.toBeInstanceOf(VideoToolsUnavailable);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ WARN Сервер не может обрабатывать видео: ffmpeg не найден/);
    expect(tools.describe()).toBe(`Видео: ffmpeg не найден, ffprobe ${ffprobe.path} (npm-пакет @ffprobe-installer/ffprobe)`);
    expect((await new VideoTools(ffmpeg, null, log).status()).problem).toMatch(/ffprobe не найден.*FFPROBE_PATH/);
  });

  it('reports a binary that does not start, with its own last words', async () => {
    const dir = fakeTool('broken', 'ffmpeg', 'echo "ffmpeg: error while loading shared libraries: libx264.so.164" >&2; exit 127');
    const status = await new VideoTools({ path: join(dir, 'ffmpeg'), source: 'os' }, ffprobe, capture().log).status();
    expect(status.problem).toBe(
      `Сервер не может обрабатывать видео: ffmpeg (${join(dir, 'ffmpeg')}) не запускается: ffmpeg: error while loading shared libraries: libx264.so.164. Проверьте FFMPEG_PATH или установку ffmpeg и перезапустите сервер.`,
    );
    const notThere = await new VideoTools(ffmpeg, { path: '/nonexistent/ffprobe', source: 'env' }, capture().log).status();
    expect(notThere.problem).toMatch(/ffprobe \(\/nonexistent\/ffprobe\) не запускается: файл не найден\. Проверьте FFPROBE_PATH/);
  });

  it('refuses a build without libx264, and notices one without drawtext', async () => {
    const listing = [' V..... libx265   libx265 H.265', ' A..... aac       AAC (Advanced Audio Coding)', ' ... null   V->V   Pass the source unchanged.'].join('\n');
    const dir = fakeTool('no-x264', 'ffmpeg', `cat <<'EOF'\n${listing}\nEOF`);
    const status = await new VideoTools({ path: join(dir, 'ffmpeg'), source: 'os' }, ffprobe, capture().log).status();
    expect(status).toEqual({ problem: `Сервер не может обрабатывать видео: в сборке ffmpeg (${join(dir, 'ffmpeg')}) нет кодеков libx264. Нужна сборка с libx264 и aac.`, drawtext: false });
  });
});
