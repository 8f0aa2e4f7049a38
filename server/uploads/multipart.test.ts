import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRAIN_BYTES, MultipartError, readMultipart, type MultipartLimits, type MultipartOptions } from './multipart';

const BOUNDARY = '----enot-test-boundary';
const HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const LIMITS: MultipartLimits = { maxFileBytes: 1024 * 1024, maxFiles: 2, maxFieldBytes: 64 * 1024, maxFields: 4, maxParts: 6, maxHeaderPairs: 16 };

type Part = { name: string; value: string } | { name: string; filename: string; bytes: Buffer };

function partBytes(part: Part): Buffer {
  const disposition = 'filename' in part ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`;
  const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${'filename' in part ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`;
  return Buffer.concat([Buffer.from(head), 'filename' in part ? part.bytes : Buffer.from(part.value), Buffer.from('\r\n')]);
}

function form(parts: Part[]): Buffer {
  return Buffer.concat([...parts.map(partBytes), Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** A request body in chunks of `chunk` bytes; `then` decides what happens after the bytes: end, error (client gone) or an endless stream. */
function streamOf(bytes: Buffer, options: { chunk?: number; then?: 'end' | 'error' | 'endless' } = {}) {
  const chunk = options.chunk ?? 64 * 1024;
  let offset = 0;
  const stats = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset < bytes.length) {
        const next = bytes.subarray(offset, offset + chunk);
        offset += next.length;
        stats.pulled += next.length;
        controller.enqueue(new Uint8Array(next));
        return;
      }
      if (options.then === 'error') controller.error(new Error('client went away'));
      else if (options.then === 'endless') {
        stats.pulled += chunk;
        controller.enqueue(new Uint8Array(chunk).fill(0x61));
      } else controller.close();
    },
  });
  return { stream, stats };
}

describe('streaming multipart reader', () => {
  let dir: string;
  let events: string[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'enot-multipart-test-'));
    events = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const options = (overrides: Partial<MultipartOptions> = {}): MultipartOptions => ({
    limits: LIMITS,
    gateField: 'data',
    onGate: async (value) => {
      events.push(`gate:${value}`);
      // The check takes a while (a database read), during which the file part is already arriving.
      await new Promise((resolve) => setTimeout(resolve, 30));
      events.push('gate passed');
    },
    fileFields: ['file'],
    fileTarget: async (index) => {
      events.push(`target:${index}`);
      return join(dir, `upload-${index}`);
    },
    ...overrides,
  });
  const files = () => readdirSync(dir);

  it('checks the data part before a byte of the file is written, even when both come in one chunk', async () => {
    const content = Buffer.alloc(300_000, 0x5a);
    const { stream } = streamOf(form([{ name: 'data', value: '{"a":1}' }, { name: 'file', filename: 'урок.mp4', bytes: content }]), { chunk: 1024 * 1024 });
    const result = await readMultipart(HEADERS, stream, options());
    expect(events).toEqual(['gate:{"a":1}', 'gate passed', 'target:0']);
    expect(result.fields.get('data')).toBe('{"a":1}');
    expect(result.files).toEqual([{ field: 'file', filename: 'урок.mp4', path: join(dir, 'upload-0'), size: content.length }]);
    expect(readFileSync(join(dir, 'upload-0')).equals(content)).toBe(true);
  });

  it('refuses a file before the data part without writing anything', async () => {
    const { stream } = streamOf(form([{ name: 'file', filename: 'a.png', bytes: Buffer.alloc(500_000, 1) }, { name: 'data', value: '{}' }]));
    await expect(readMultipart(HEADERS, stream, options())).rejects.toEqual(new MultipartError('fileFirst'));
    expect(events).toEqual([]);
    expect(files()).toEqual([]);
  });

  it('refuses when there is a file and no data part at all', async () => {
    const { stream } = streamOf(form([{ name: 'file', filename: 'a.png', bytes: Buffer.alloc(10, 1) }]));
    await expect(readMultipart(HEADERS, stream, options())).rejects.toMatchObject({ reason: 'fileFirst' });
    expect(files()).toEqual([]);
  });

  it('passes on what the gate threw and writes nothing of the file', async () => {
    const denied = new Error('not signed in');
    const { stream } = streamOf(form([{ name: 'data', value: '{}' }, { name: 'file', filename: 'a.bin', bytes: Buffer.alloc(600_000, 2) }]));
    await expect(
      readMultipart(HEADERS, stream, options({ onGate: () => new Promise((_, reject) => setTimeout(() => reject(denied), 20)) })),
    ).rejects.toBe(denied);
    expect(events).toEqual([]);
    expect(files()).toEqual([]);
  });

  it('waits for the check of a data part that no file follows', async () => {
    const denied = new Error('bad signature');
    const { stream } = streamOf(form([{ name: 'data', value: '{}' }]));
    await expect(readMultipart(HEADERS, stream, options({ onGate: () => new Promise((_, reject) => setTimeout(() => reject(denied), 30)) }))).rejects.toBe(denied);
    const alone = await readMultipart(HEADERS, streamOf(form([{ name: 'data', value: '{"b":2}' }])).stream, options());
    expect(events).toEqual(['gate:{"b":2}', 'gate passed']);
    expect(alone.files).toEqual([]);
  });

  it('stops a file over its limit while streaming and closes what it wrote', async () => {
    const { stream, stats } = streamOf(form([{ name: 'data', value: '{}' }, { name: 'file', filename: 'big.bin', bytes: Buffer.alloc(LIMITS.maxFileBytes + 1, 3) }]));
    await expect(readMultipart(HEADERS, stream, options())).rejects.toMatchObject({ reason: 'tooLarge' });
    // The partial file is closed (the caller removes the folder): it can go at once.
    rmSync(join(dir, 'upload-0'), { force: true });
    expect(files()).toEqual([]);
    // The short rest of the body was read, so the client sees the answer.
    expect(stats.pulled).toBeGreaterThanOrEqual(LIMITS.maxFileBytes);
  });

  it('refuses too many files, too many parts, a file in another field and an oversized data part', async () => {
    const file = (name = 'file') => ({ name, filename: 'x.bin', bytes: Buffer.alloc(100, 4) });
    const tooManyFiles = streamOf(form([{ name: 'data', value: '{}' }, file(), file(), file()])).stream;
    await expect(readMultipart(HEADERS, tooManyFiles, options())).rejects.toMatchObject({ reason: 'tooMany' });
    const fields = Array.from({ length: 7 }, (_, index) => ({ name: `f${index}`, value: 'x' }));
    await expect(readMultipart(HEADERS, streamOf(form(fields)).stream, options())).rejects.toMatchObject({ reason: 'tooMany' });
    await expect(readMultipart(HEADERS, streamOf(form([{ name: 'data', value: '{}' }, file('other')])).stream, options())).rejects.toMatchObject({ reason: 'malformed' });
    await expect(readMultipart(HEADERS, streamOf(form([{ name: 'data', value: 'x'.repeat(LIMITS.maxFieldBytes + 1) }])).stream, options())).rejects.toMatchObject({
      reason: 'malformed',
    });
    await expect(readMultipart(HEADERS, streamOf(form([{ name: 'data', value: '{}' }, { name: 'data', value: '{}' }])).stream, options())).rejects.toMatchObject({
      reason: 'malformed',
    });
  });

  it('refuses broken bodies: no boundary, a cut-off body, a part header beyond 16 KiB', async () => {
    await expect(readMultipart({ 'content-type': 'multipart/form-data' }, streamOf(Buffer.from('x')).stream, options())).rejects.toMatchObject({ reason: 'malformed' });
    await expect(readMultipart({ 'content-type': 'application/json' }, streamOf(Buffer.from('{}')).stream, options())).rejects.toMatchObject({ reason: 'malformed' });
    await expect(readMultipart(HEADERS, null, options())).rejects.toMatchObject({ reason: 'malformed' });
    const whole = form([{ name: 'data', value: '{}' }, { name: 'file', filename: 'a.bin', bytes: Buffer.alloc(200_000, 5) }]);
    await expect(readMultipart(HEADERS, streamOf(whole.subarray(0, 150_000)).stream, options())).rejects.toBeInstanceOf(MultipartError);
    const hugeHeader = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\nX-Pad: ${'p'.repeat(20_000)}\r\n\r\n{}\r\n--${BOUNDARY}--\r\n`);
    await expect(readMultipart(HEADERS, streamOf(hugeHeader).stream, options())).rejects.toMatchObject({ reason: 'malformed' });
  });

  it('handles a client that goes away mid-file: refused, file closed, no stray error', async () => {
    const whole = form([{ name: 'data', value: '{}' }, { name: 'file', filename: 'a.bin', bytes: Buffer.alloc(800_000, 6) }]);
    const { stream } = streamOf(whole.subarray(0, 400_000), { then: 'error' });
    await expect(readMultipart(HEADERS, stream, options())).rejects.toMatchObject({ reason: 'aborted' });
    rmSync(join(dir, 'upload-0'), { force: true });
    expect(existsSync(join(dir, 'upload-0'))).toBe(false);
  });

  it('reads only a bounded rest of an endless body after a refusal', async () => {
    const start = form([{ name: 'file', filename: 'a.bin', bytes: Buffer.alloc(10, 7) }]).subarray(0, -20);
    const { stream, stats } = streamOf(start, { then: 'endless' });
    const started = Date.now();
    await expect(readMultipart(HEADERS, stream, options())).rejects.toMatchObject({ reason: 'fileFirst' });
    expect(stats.pulled).toBeLessThanOrEqual(DRAIN_BYTES + 4 * 64 * 1024);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('fails as slow when the data part has not arrived by the deadline, and not when it has', async () => {
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"vid`);
    // The body stalls after its first bytes: neither ended nor errored.
    const stalled = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new Uint8Array(head)) });
    await expect(readMultipart(HEADERS, stalled, options({ gateDeadlineMs: 50 }))).rejects.toMatchObject({ reason: 'slow' });
    expect(events).toEqual([]);
    const { stream } = streamOf(form([{ name: 'data', value: 'ok' }, { name: 'file', filename: 'a.bin', bytes: Buffer.alloc(10, 7) }]));
    const result = await readMultipart(HEADERS, stream, options({ gateDeadlineMs: 50 }));
    expect(result.files.map((file) => file.size)).toEqual([10]);
  });
});
