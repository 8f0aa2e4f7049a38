import { spawn } from 'node:child_process';
import { VideoToolsUnavailable } from '../../providers/video-tools';
import type { Services } from '../../services';

/** A failed ffmpeg/ffprobe run, with the tail of its stderr for the log. */
export class ToolError extends Error {}

/** The tool itself could not be started (gone, or not executable): the server's problem, never the file's. */
export class ToolMissingError extends ToolError {}

/** Runs a tool without a shell (arguments are never parsed), collecting stdout; rejects on a non-zero exit. */
export function runTool(command: string, args: string[], options: { timeoutMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the tail matters for a diagnosis; ffmpeg can be chatty.
      err = (err + chunk.toString('utf8')).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60 * 60 * 1000);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const missing = error.code === 'ENOENT' || error.code === 'EACCES';
      reject(
        missing
          ? new ToolMissingError(`Сервер не может обрабатывать видео: не удалось запустить ${command} (${error.code}). Проверьте установку ffmpeg и перезапустите сервер.`)
          : new ToolError(`${command}: ${error.message}`),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new ToolError(`${command} exited with ${code ?? signal}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/**
 * The Russian reason when `error` means this server cannot run ffmpeg at all (a retry cannot help),
 * else null. No ffmpeg was already warned about once by the tools check; a tool that vanished
 * since then gets one line here, never a stack trace.
 */
export function videoToolsProblem(services: Pick<Services, 'log'>, what: string, error: unknown): string | null {
  if (error instanceof VideoToolsUnavailable) return error.message;
  if (!(error instanceof ToolMissingError)) return null;
  services.log.warn(`${what}: ${error.message}`);
  return error.message;
}

export interface ProbeResult {
  durationMs: number;
  hasVideo: boolean;
  hasAudio: boolean;
  height: number;
}

/** What ffprobe sees in a file; a file it cannot read at all is "no video". */
export async function probe(ffprobe: string, file: string): Promise<ProbeResult> {
  let text: string;
  try {
    text = await runTool(ffprobe, ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,height,duration', '-of', 'json', file], { timeoutMs: 60_000 });
  } catch (error) {
    // A missing ffprobe is the server's problem, not a bad file: let it surface as an error.
    if (error instanceof ToolMissingError) throw error;
    return { durationMs: 0, hasVideo: false, hasAudio: false, height: 0 };
  }
  const parsed = JSON.parse(text) as { format?: { duration?: string }; streams?: Array<{ codec_type?: string; height?: number; duration?: string }> };
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && (stream.height ?? 0) > 0);
  const seconds = Number(parsed.format?.duration ?? video?.duration ?? 0);
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : 0,
    hasVideo: video !== undefined,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    height: video?.height ?? 0,
  };
}
