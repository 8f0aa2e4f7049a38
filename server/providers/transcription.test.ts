import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranscriptionProvider, TranscriptionError, toSrt } from './transcription';
import { startTranscriptionStandIn, type TranscriptionStandIn } from '../../tests/stand-ins/transcription';

describe('OpenAI-compatible transcription adapter', () => {
  let standIn: TranscriptionStandIn;
  let dir: string;
  let video: string;
  beforeAll(async () => {
    standIn = await startTranscriptionStandIn();
    dir = mkdtempSync(join(tmpdir(), 'enot-transcription-test-'));
    video = join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-f', 'lavfi', '-i', 'color=c=blue:s=64x64:d=1', '-shortest', '-pix_fmt', 'yuv420p', video]);
  });
  afterAll(async () => {
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads the extracted audio and builds SRT from the segments', async () => {
    standIn.segments = [
      { start: 0, end: 1.5, text: ' Привет, это урок.' },
      { start: 61.25, end: 3725.004, text: 'Вторая фраза' },
    ];
    const provider = createTranscriptionProvider({ TRANSCRIPTION_URL: standIn.url, TRANSCRIPTION_API_KEY: 'sk-test', TRANSCRIPTION_MODEL: 'whisper-1', TRANSCRIPTION_LANGUAGE: 'ru' });
    expect(provider.configured).toBe(true);
    const result = await provider.transcribe(video);
    expect(result.srt).toBe('1\n00:00:00,000 --> 00:00:01,500\nПривет, это урок.\n\n2\n00:01:01,250 --> 01:02:05,004\nВторая фраза\n');
    expect(JSON.parse(result.json).segments).toHaveLength(2);
    const last = standIn.requests.at(-1)!;
    expect(last.authorization).toBe('Bearer sk-test');
    expect(last.model).toBe('whisper-1');
    expect(last.bytes).toBeGreaterThan(1000);
  });

  it('reports the provider error text', async () => {
    standIn.failWith = { status: 429, message: 'Rate limit reached' };
    const provider = createTranscriptionProvider({ TRANSCRIPTION_URL: standIn.url, TRANSCRIPTION_MODEL: 'whisper-1' });
    await expect(provider.transcribe(video)).rejects.toThrow('Сервис расшифровки ответил 429: Rate limit reached');
    standIn.failWith = null;
  });

  it('refuses a source ffmpeg cannot read', async () => {
    const provider = createTranscriptionProvider({ TRANSCRIPTION_URL: standIn.url, TRANSCRIPTION_MODEL: 'whisper-1' });
    await expect(provider.transcribe(join(dir, 'missing.mp4'))).rejects.toBeInstanceOf(TranscriptionError);
  });

  it('is not configured without TRANSCRIPTION_URL', async () => {
    const provider = createTranscriptionProvider({ TRANSCRIPTION_MODEL: 'whisper-1' });
    expect(provider.configured).toBe(false);
    await expect(provider.transcribe(video)).rejects.toThrow('Расшифровка не настроена: задайте TRANSCRIPTION_URL');
  });

  it('skips empty segments in SRT', () => {
    expect(toSrt([{ start: 0, end: 1, text: '  ' }, { start: 1, end: 2, text: 'да' }])).toBe('1\n00:00:01,000 --> 00:00:02,000\nда\n');
  });
});
