import { execFile } from 'node:child_process';
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../log';
import { errorMessage, fieldOf } from '../../src/shared/guards';

/**
 * ffmpeg and ffprobe for the video pipeline. Order: FFMPEG_PATH/FFPROBE_PATH when set, else the
 * OS's binary on PATH, else the one an optional npm package ships (so `npm install && npm start`
 * gives playable videos on a machine without ffmpeg), else none — then video processing says why.
 */

export type ToolName = 'ffmpeg' | 'ffprobe';
export type ToolSource = 'env' | 'os' | 'npm';

export interface LocatedTool {
  path: string;
  source: ToolSource;
}

/** The optional dependencies (package.json) that carry a static build per platform. */
export const TOOL_PACKAGES: Record<ToolName, string> = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' };
const TOOL_ENV = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' } as const;

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` in a PATH-style list, as the shell would find it. */
export function findOnPath(name: string, pathEnv: string | undefined): string | null {
  const file = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (dir !== '' && isExecutableFile(join(dir, file))) return join(dir, file);
  }
  return null;
}

/** The npm package's binary for this platform; null when the optional package did not install or has no build here. */
export function packagedTool(name: ToolName): string | null {
  let path: unknown;
  try {
    // The installer packages throw (even plain strings) on an unsupported platform or a missing binary.
    path = (createRequire(import.meta.url)(TOOL_PACKAGES[name]) as { path?: unknown }).path;
  } catch {
    return null;
  }
  if (typeof path !== 'string') return null;
  // The ffprobe tarball ships without the execute bit and sets it in postinstall, which npm skips
  // with --ignore-scripts: do that chmod here when it was skipped.
  if (!isExecutableFile(path) && process.platform !== 'win32') {
    try {
      chmodSync(path, statSync(path).mode | 0o100);
    } catch {
      return null;
    }
  }
  return isExecutableFile(path) ? path : null;
}

export interface LocateOptions {
  /** FFMPEG_PATH / FFPROBE_PATH. */
  configured?: string;
  /** The PATH to search. */
  pathEnv?: string;
  packaged?: (name: ToolName) => string | null;
}

export function locateTool(name: ToolName, options: LocateOptions): LocatedTool | null {
  if (options.configured) return { path: options.configured, source: 'env' };
  const os = findOnPath(name, options.pathEnv);
  if (os) return { path: os, source: 'os' };
  const packaged = (options.packaged ?? packagedTool)(name);
  return packaged ? { path: packaged, source: 'npm' } : null;
}

export interface VideoToolsStatus {
  /** Why the server cannot process videos, in Russian for the back office; null when it can. */
  problem: string | null;
  /** The ffmpeg build has drawtext (libfreetype): demo clips get their titles drawn. */
  drawtext: boolean;
}

/** Paths ready to run. */
export interface UsableTools {
  ffmpeg: string;
  ffprobe: string;
  drawtext: boolean;
}

/** Video processing is impossible on this server (no ffmpeg, or a broken one): permanent, not worth a retry. */
export class VideoToolsUnavailable extends Error {}

const REFUSAL = 'Сервер не может обрабатывать видео';

function notFound(name: ToolName): string {
  return `${REFUSAL}: ${name} не найден. Установите ffmpeg (например, apt install ffmpeg) или укажите путь в ${TOOL_ENV[name]} и перезапустите сервер.`;
}

function notRunning(name: ToolName, tool: LocatedTool, error: unknown): string {
  const code = fieldOf(error, 'code');
  const stderr = String(fieldOf(error, 'stderr') ?? '').trim().split('\n').pop();
  const why = code === 'ENOENT' ? 'файл не найден' : code === 'EACCES' ? 'нет прав на запуск' : (stderr || errorMessage(error)).slice(0, 200);
  return `${REFUSAL}: ${name} (${tool.path}) не запускается: ${why}. Проверьте ${TOOL_ENV[name]} или установку ffmpeg и перезапустите сервер.`;
}

function output(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 20_000, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => (error ? reject(Object.assign(error, { stderr })) : resolve(stdout)));
  });
}

/** A row of `ffmpeg -encoders` / `-filters`: flags, then the name. */
const listed = (listing: string, name: string) => new RegExp(`^\\s*[A-Z.|]+\\s+${name}\\s`, 'm').test(listing);

/** Runs both tools once: they start, and ffmpeg has the encoders our commands use. */
async function inspect(ffmpeg: LocatedTool | null, ffprobe: LocatedTool | null): Promise<VideoToolsStatus> {
  if (!ffmpeg) return { problem: notFound('ffmpeg'), drawtext: false };
  if (!ffprobe) return { problem: notFound('ffprobe'), drawtext: false };
  const [encoders, filters, probeVersion] = await Promise.allSettled([
    output(ffmpeg.path, ['-hide_banner', '-encoders']),
    output(ffmpeg.path, ['-hide_banner', '-filters']),
    output(ffprobe.path, ['-version']),
  ]);
  if (encoders.status === 'rejected') return { problem: notRunning('ffmpeg', ffmpeg, encoders.reason), drawtext: false };
  if (probeVersion.status === 'rejected') return { problem: notRunning('ffprobe', ffprobe, probeVersion.reason), drawtext: false };
  const drawtext = filters.status === 'fulfilled' && listed(filters.value, 'drawtext');
  const missing = ['libx264', 'aac'].filter((encoder) => !listed(encoders.value, encoder));
  if (missing.length > 0) {
    return { problem: `${REFUSAL}: в сборке ffmpeg (${ffmpeg.path}) нет кодеков ${missing.join(', ')}. Нужна сборка с libx264 и aac.`, drawtext };
  }
  return { problem: null, drawtext };
}

function sourceLabel(name: ToolName, source: ToolSource): string {
  if (source === 'env') return TOOL_ENV[name];
  if (source === 'os') return 'из системы';
  return `npm-пакет ${TOOL_PACKAGES[name]}`;
}

export class VideoTools {
  private checked: Promise<VideoToolsStatus> | undefined;

  constructor(
    readonly ffmpeg: LocatedTool | null,
    readonly ffprobe: LocatedTool | null,
    private readonly log: Logger,
  ) {}

  /**
   * Checked once, on first need (a system ffmpeg takes about a second to answer, too slow for every
   * test server's start); later calls share the answer, so a problem is logged as one warning.
   */
  status(): Promise<VideoToolsStatus> {
    this.checked ??= inspect(this.ffmpeg, this.ffprobe).then((status) => {
      if (status.problem) this.log.warn(status.problem);
      return status;
    });
    return this.checked;
  }

  /** Paths for a run; throws VideoToolsUnavailable with the reason when there is nothing usable. */
  async require(): Promise<UsableTools> {
    const { problem, drawtext } = await this.status();
    if (problem || !this.ffmpeg || !this.ffprobe) throw new VideoToolsUnavailable(problem ?? notFound('ffmpeg'));
    return { ffmpeg: this.ffmpeg.path, ffprobe: this.ffprobe.path, drawtext };
  }

  /** One line for the start log: which binaries, from where. */
  describe(): string {
    const part = (name: ToolName, tool: LocatedTool | null) => (tool ? `${name} ${tool.path} (${sourceLabel(name, tool.source)})` : `${name} не найден`);
    return `Видео: ${part('ffmpeg', this.ffmpeg)}, ${part('ffprobe', this.ffprobe)}`;
  }
}

/** Locates both tools for this process (config first, then PATH, then the npm packages). */
export function createVideoTools(config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>, log: Logger, pathEnv = process.env.PATH): VideoTools {
  return new VideoTools(
    locateTool('ffmpeg', { configured: config.FFMPEG_PATH, pathEnv }),
    locateTool('ffprobe', { configured: config.FFPROBE_PATH, pathEnv }),
    log,
  );
}
