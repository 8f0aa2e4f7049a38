import { createWriteStream, type WriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

/**
 * Streaming multipart/form-data on busboy, with a gate: one text part (the signed `data`) must
 * come before any file, and no file byte is written until the gate's check has passed. Limits
 * hold while the body streams; any failure stops writing, closes what was open, reads a bounded
 * rest of the body (so the client sees the answer, not a reset) and rejects once; no stream is
 * ever left without an 'error' listener.
 */

export interface MultipartLimits {
  /** Largest file part in bytes. */
  maxFileBytes: number;
  maxFiles: number;
  /** Largest text part in bytes (the signed `data` is a few hundred bytes). */
  maxFieldBytes: number;
  maxFields: number;
  /** Parts of any kind. */
  maxParts: number;
  /** Header lines of one part (busboy also caps a part's header block at 16 KiB). */
  maxHeaderPairs: number;
}

export interface MultipartOptions {
  limits: MultipartLimits;
  /** The text part that must precede every file. */
  gateField: string;
  /** The gate part must have arrived within this many ms, else the upload fails as 'slow' (a client that holds the connection without saying who it is). */
  gateDeadlineMs?: number;
  /** Checks the gate part (e.g. its signature); throwing refuses the whole upload. */
  onGate: (value: string) => Promise<void>;
  /** File fields taken; a file in any other field fails the upload. */
  fileFields: readonly string[];
  /** Where the n-th file goes; called only once the gate has passed. */
  fileTarget: (index: number) => Promise<string>;
}

export interface ReceivedFile {
  field: string;
  filename: string;
  path: string;
  size: number;
}

export interface MultipartResult {
  fields: Map<string, string>;
  files: ReceivedFile[];
}

export type MultipartFailure = 'malformed' | 'tooLarge' | 'tooMany' | 'fileFirst' | 'aborted' | 'slow';

export class MultipartError extends Error {
  constructor(readonly reason: MultipartFailure) {
    super(`multipart: ${reason}`);
  }
}

/** How much of a refused body is still read before answering, and for how long at most. */
export const DRAIN_BYTES = 2 * 1024 * 1024;
export const DRAIN_MS = 2_000;

const ignore = () => undefined;

/** A failure of our own disk (full, no access): the server's problem, not the client's. */
const isDiskError = (error: unknown) => error instanceof Error && 'syscall' in error;

/** Reads a multipart body; rejects with the first failure (a MultipartError or what `onGate` threw). */
export async function readMultipart(headers: Record<string, string>, body: ReadableStream<Uint8Array> | null, options: MultipartOptions): Promise<MultipartResult> {
  if (!body) throw new MultipartError('malformed');
  const { limits } = options;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers,
      // Browsers send file names as raw UTF-8 (busboy's default is latin1).
      defParamCharset: 'utf8',
      defCharset: 'utf8',
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fieldSize: limits.maxFieldBytes,
        fields: limits.maxFields,
        parts: limits.maxParts,
        headerPairs: limits.maxHeaderPairs,
        fieldNameSize: 100,
      },
    });
  } catch {
    // No multipart content type or no boundary.
    await body.cancel().catch(ignore);
    throw new MultipartError('malformed');
  }

  const fields = new Map<string, string>();
  const files: ReceivedFile[] = [];
  const writers = new Set<WriteStream>();
  const writing: Promise<void>[] = [];
  /** The gate check, once its part arrived (at most one). */
  const gates: Promise<void>[] = [];
  let failure: unknown = null;
  let signalFailure: () => void = ignore;
  const failed = new Promise<void>((resolve) => (signalFailure = resolve));
  const fail = (error: unknown) => {
    if (failure !== null) return;
    failure = error;
    signalFailure();
  };
  const finished = new Promise<void>((resolve) => parser.once('close', resolve));

  parser.on('error', () => fail(new MultipartError('malformed')));
  parser.on('partsLimit', () => fail(new MultipartError('tooMany')));
  parser.on('filesLimit', () => fail(new MultipartError('tooMany')));
  parser.on('fieldsLimit', () => fail(new MultipartError('tooMany')));

  parser.on('field', (name, value, info) => {
    if (failure !== null) return;
    if (info.nameTruncated || info.valueTruncated) return fail(new MultipartError('malformed'));
    if (name === options.gateField) {
      if (gates.length > 0) return fail(new MultipartError('malformed'));
      const gate = options.onGate(value);
      gate.catch(fail);
      gates.push(gate);
    }
    fields.set(name, value);
  });

  parser.on('file', (field, stream: Readable, info) => {
    stream.on('error', ignore);
    if (failure !== null) return void stream.resume();
    const openGate = gates[0];
    if (!openGate) {
      // A file before the signed data: nobody is known yet, so nothing of it may be written.
      fail(new MultipartError('fileFirst'));
      return void stream.resume();
    }
    if (!options.fileFields.includes(field)) {
      // Who is asking is answered first (a stranger gets 401, not a hint about the route's fields);
      // meanwhile the part stays paused, so nothing more of the body is read.
      const refuse = () => {
        fail(new MultipartError('malformed'));
        stream.resume();
      };
      openGate.then(refuse, () => stream.resume());
      return;
    }
    const index = files.length;
    const file: ReceivedFile = { field, filename: info.filename ?? '', path: '', size: 0 };
    files.push(file);
    stream.once('limit', () => fail(new MultipartError('tooLarge')));
    writing.push(
      (async () => {
        // Until the gate passes, the part waits in busboy's small buffer, which holds the parser back.
        await openGate;
        if (failure !== null) return void stream.resume();
        file.path = await options.fileTarget(index);
        if (failure !== null) return void stream.resume();
        const out = createWriteStream(file.path);
        out.on('error', ignore);
        writers.add(out);
        try {
          await pipeline(stream, out);
        } finally {
          file.size = out.bytesWritten;
          writers.delete(out);
        }
      })().catch((error: unknown) => fail(isDiskError(error) ? error : new MultipartError('aborted'))),
    );
  });

  const gateTimer = options.gateDeadlineMs === undefined ? undefined : setTimeout(() => {
    if (gates.length === 0) fail(new MultipartError('slow'));
  }, options.gateDeadlineMs);
  const reader = body.getReader();
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), failed.then(() => null)]);
      if (next === null) break;
      if (next.done) {
        parser.end();
        break;
      }
      // Resolves once busboy took the chunk, i.e. after a file part's consumer made room.
      await Promise.race([new Promise<void>((resolve) => parser.write(next.value, () => resolve())), failed]);
      if (failure !== null) break;
    }
    if (failure === null) await Promise.race([finished, failed]);
    if (failure === null) await Promise.race([Promise.all(writing), failed]);
    // A gate with no file after it may still be checking.
    if (failure === null) await Promise.allSettled(gates);
  } catch {
    // The client went away mid-body.
    fail(new MultipartError('aborted'));
  } finally {
    clearTimeout(gateTimer);
  }
  if (failure === null) return { fields, files };

  await stopAfterFailure(parser, writers, reader);
  await Promise.allSettled(writing);
  throw failure;
}

/** Closes open files, stops the parser and reads a bounded rest of the body before the refusal is answered. */
async function stopAfterFailure(parser: busboy.Busboy, writers: Set<WriteStream>, reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  await Promise.all(
    [...writers].map(
      (out) =>
        new Promise<void>((resolve) => {
          if (out.closed) return resolve();
          out.once('close', () => resolve());
          out.destroy();
        }),
    ),
  );
  parser.destroy();
  const deadline = Date.now() + DRAIN_MS;
  let drained = 0;
  while (drained < DRAIN_BYTES) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([
      reader.read().catch(() => ({ done: true as const, value: undefined })),
      new Promise<{ done: true; value: undefined }>((resolve) => (timer = setTimeout(() => resolve({ done: true, value: undefined }), left))),
    ]);
    clearTimeout(timer);
    if (next.done) break;
    drained += next.value.length;
  }
  await reader.cancel().catch(ignore);
}
