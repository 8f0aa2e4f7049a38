import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { errorMessage, fieldOf } from '../../src/shared/guards';

/**
 * Speech-to-text for video lessons (ARCHITECTURE §7): an OpenAI-compatible
 * `POST {base}/audio/transcriptions` adapter, or "not configured" (no offline default exists,
 * so the UI says so instead of pretending).
 */

export interface TranscriptSegment {
  /** Seconds, as the provider reports them. */
  start: number;
  end: number;
  text: string;
}

export interface Transcript {
  /** The provider's verbose_json answer, stored as is. */
  json: string;
  srt: string;
}

export interface TranscriptionProvider {
  readonly configured: boolean;
  /** Transcribes the audio track of a video file (or any source ffmpeg can read). */
  transcribe(source: string): Promise<Transcript>;
}

export class TranscriptionError extends Error {}

export const NOT_CONFIGURED_MESSAGE = 'Расшифровка не настроена: задайте TRANSCRIPTION_URL';

export const notConfiguredTranscription: TranscriptionProvider = {
  configured: false,
  async transcribe() {
    throw new TranscriptionError(NOT_CONFIGURED_MESSAGE);
  },
};

const verboseJson = z.object({
  text: z.string().optional(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).optional(),
});

export interface OpenAiTranscriptionOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  language?: string;
  /** Audio upload limit of the provider (OpenAI: 25 MB); mono 16 kHz at 32 kbit/s fits ~100 minutes. */
  timeoutMs?: number;
  ffmpeg: FfmpegPath;
}

const run = promisify(execFile);

/** The ffmpeg to run: the server's located one (providers/video-tools.ts); rejects with a readable reason when there is none. */
export type FfmpegPath = () => Promise<string>;

/** Extracts a small mono audio track that every OpenAI-compatible server accepts. */
export async function extractAudio(source: string, target: string, ffmpeg: FfmpegPath): Promise<void> {
  let command: string;
  try {
    command = await ffmpeg();
  } catch (error) {
    throw new TranscriptionError(errorMessage(error));
  }
  try {
    await run(command, ['-nostdin', '-v', 'error', '-y', '-i', source, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'aac', '-b:a', '32k', target], {
      timeout: 30 * 60_000,
    });
  } catch (error) {
    const stderr = String(fieldOf(error, 'stderr') ?? '').trim();
    throw new TranscriptionError(`Не удалось извлечь звук из видео: ${stderr.split('\n').pop() || errorMessage(error)}`);
  }
}

export function createOpenAiTranscription(options: OpenAiTranscriptionOptions): TranscriptionProvider {
  const base = options.baseUrl.replace(/\/$/, '');
  return {
    configured: true,
    async transcribe(source) {
      const dir = await mkdtemp(join(tmpdir(), 'enot-transcribe-'));
      try {
        const audioPath = join(dir, 'audio.m4a');
        await extractAudio(source, audioPath, options.ffmpeg);
        const form = new FormData();
        form.set('file', new Blob([await readFile(audioPath)], { type: 'audio/mp4' }), 'audio.m4a');
        form.set('model', options.model);
        form.set('response_format', 'verbose_json');
        if (options.language) form.set('language', options.language);
        let response: Response;
        try {
          response = await fetch(`${base}/audio/transcriptions`, {
            method: 'POST',
            headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {},
            body: form,
            signal: AbortSignal.timeout(options.timeoutMs ?? 15 * 60_000),
          });
        } catch (error) {
          throw new TranscriptionError(`Сервис расшифровки не ответил: ${errorMessage(error)}`);
        }
        const body = await response.text();
        if (!response.ok) throw new TranscriptionError(`Сервис расшифровки ответил ${response.status}: ${providerMessage(body)}`);
        let parsed: z.infer<typeof verboseJson>;
        try {
          parsed = verboseJson.parse(JSON.parse(body));
        } catch {
          throw new TranscriptionError('Сервис расшифровки вернул неожиданный ответ');
        }
        return { json: body, srt: toSrt(parsed.segments ?? (parsed.text ? [{ start: 0, end: 0, text: parsed.text }] : [])) };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

function providerMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string };
    const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (message) return message.slice(0, 300);
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.slice(0, 300) || 'пустой ответ';
}

function srtTime(seconds: number): string {
  const totalMs = Math.max(0, Math.round(seconds * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)},${pad(ms, 3)}`;
}

/** SubRip text from provider segments (numbered from 1, blank line between cues). */
export function toSrt(segments: readonly TranscriptSegment[]): string {
  return segments
    .filter((segment) => segment.text.trim() !== '')
    .map((segment, index) => `${index + 1}\n${srtTime(segment.start)} --> ${srtTime(segment.end)}\n${segment.text.trim()}\n`)
    .join('\n');
}

export function createTranscriptionProvider(
  config: { TRANSCRIPTION_URL?: string; TRANSCRIPTION_API_KEY?: string; TRANSCRIPTION_MODEL: string; TRANSCRIPTION_LANGUAGE?: string },
  ffmpeg: FfmpegPath = async () => 'ffmpeg',
): TranscriptionProvider {
  if (!config.TRANSCRIPTION_URL) return notConfiguredTranscription;
  return createOpenAiTranscription({
    baseUrl: config.TRANSCRIPTION_URL,
    apiKey: config.TRANSCRIPTION_API_KEY,
    model: config.TRANSCRIPTION_MODEL,
    language: config.TRANSCRIPTION_LANGUAGE,
    ffmpeg,
  });
}
