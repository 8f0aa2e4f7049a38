import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

/**
 * A small streaming multipart/form-data reader: file parts go straight to disk (a 2 GB video is
 * never held in memory), text fields are kept up to a small limit. Written here because the
 * platform's `formData()` buffers the whole body.
 */

export interface MultipartFile {
  field: string;
  filename: string;
  path: string;
  size: number;
}

/** How much of a refused body is still read before answering (the caller bounds content-length). */
const DRAIN_LIMIT = 2 * 1024 * 1024;

export interface MultipartResult {
  fields: Map<string, string>;
  files: MultipartFile[];
}

export class MultipartError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'tooLarge' | 'refused',
  ) {
    super(message);
  }
}

export interface MultipartOptions {
  /** Largest file part in bytes. */
  maxFileBytes: number;
  /** Where the n-th file part is written. */
  fileTarget: (field: string, index: number) => string;
  /** Called once a text field is complete; throw a MultipartError to stop reading (e.g. bad signature). */
  onField?: (name: string, value: string) => Promise<void>;
  maxFieldBytes?: number;
  maxParts?: number;
}

export function boundaryOf(contentType: string | undefined): string | null {
  const match = /^multipart\/form-data\s*;.*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function headerValue(headers: string, name: string): string | undefined {
  for (const line of headers.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name) return line.slice(colon + 1).trim();
  }
  return undefined;
}

function dispositionParam(disposition: string, param: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${param}="([^"]*)"`, 'i').exec(disposition) ?? new RegExp(`(?:^|;)\\s*${param}=([^;\\s]*)`, 'i').exec(disposition);
  return match?.[1];
}

export async function readMultipart(body: ReadableStream<Uint8Array> | null, boundary: string, options: MultipartOptions): Promise<MultipartResult> {
  if (!body) throw new MultipartError('empty body', 'malformed');
  const maxField = options.maxFieldBytes ?? 64 * 1024;
  const maxParts = options.maxParts ?? 10;
  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields = new Map<string, string>();
  const files: MultipartFile[] = [];
  let buffer = Buffer.alloc(0);
  let state: 'preamble' | 'headers' | 'body' | 'done' = 'preamble';
  let part: { name: string; file?: { out: WriteStream; info: MultipartFile }; chunks: Buffer[]; size: number } | null = null;
  let parts = 0;

  const write = async (data: Buffer) => {
    if (!part || data.length === 0) return;
    part.size += data.length;
    if (part.file) {
      if (part.size > options.maxFileBytes) throw new MultipartError('file too large', 'tooLarge');
      if (!part.file.out.write(data)) await once(part.file.out, 'drain');
    } else {
      if (part.size > maxField) throw new MultipartError('field too large', 'malformed');
      part.chunks.push(data);
    }
  };
  const finishPart = async () => {
    if (!part) return;
    if (part.file) {
      part.file.out.end();
      await once(part.file.out, 'close');
      part.file.info.size = part.size;
      files.push(part.file.info);
    } else {
      const value = Buffer.concat(part.chunks).toString('utf8');
      fields.set(part.name, value);
      await options.onField?.(part.name, value);
    }
    part = null;
  };

  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buffer = buffer.length === 0 ? Buffer.from(value) : Buffer.concat([buffer, value]);
      // Consume as much as the buffer allows.
      for (;;) {
        if (state === 'preamble') {
          const at = buffer.indexOf(opening);
          if (at < 0) break;
          buffer = buffer.subarray(at + opening.length);
          state = 'headers';
        }
        if (state === 'headers') {
          if (buffer.length < 2) break;
          if (buffer.subarray(0, 2).toString() === '--') {
            state = 'done';
            break;
          }
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) {
            if (buffer.length > 16 * 1024) throw new MultipartError('headers too long', 'malformed');
            break;
          }
          const headers = buffer.subarray(2, end).toString('utf8');
          buffer = buffer.subarray(end + 4);
          parts += 1;
          if (parts > maxParts) throw new MultipartError('too many parts', 'malformed');
          const disposition = headerValue(headers, 'content-disposition') ?? '';
          const name = dispositionParam(disposition, 'name') ?? '';
          const filename = dispositionParam(disposition, 'filename');
          if (filename !== undefined) {
            const path = options.fileTarget(name, files.length);
            part = { name, chunks: [], size: 0, file: { out: createWriteStream(path), info: { field: name, filename, path, size: 0 } } };
          } else {
            part = { name, chunks: [], size: 0 };
          }
          state = 'body';
        }
        if (state === 'body') {
          const at = buffer.indexOf(delimiter);
          if (at < 0) {
            // Keep a tail that could be the start of the delimiter.
            const keep = delimiter.length - 1;
            if (buffer.length > keep) {
              await write(buffer.subarray(0, buffer.length - keep));
              buffer = buffer.subarray(buffer.length - keep);
            }
            break;
          }
          await write(buffer.subarray(0, at));
          buffer = buffer.subarray(at + delimiter.length);
          await finishPart();
          state = 'headers';
          continue;
        }
        break;
      }
      if (state === 'done') break;
      if (done) break;
    }
    if (state !== 'done') throw new MultipartError('truncated body', 'malformed');
    return { fields, files };
  } catch (error) {
    const open = part as { file?: { out: WriteStream } } | null;
    open?.file?.out.destroy();
    // Read (and drop) a bounded rest of the body first: answering mid-upload makes the server close
    // the socket under a client that is still sending, and it sees a reset instead of the refusal.
    let drained = 0;
    while (drained < DRAIN_LIMIT) {
      const next = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (next.done) break;
      drained += next.value?.length ?? 0;
    }
    await reader.cancel().catch(() => undefined);
    throw error;
  }
}
