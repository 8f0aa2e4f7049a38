import { request } from 'node:http';

/**
 * A multipart upload sent as an attacker would: raw over HTTP, chunked or with a declared length,
 * file bytes generated as they are sent (hundreds of MiB never sit in memory), stopping as soon
 * as the server answers, or cut off on purpose mid-body (a client that goes away).
 */

export const TEST_BOUNDARY = '----enot-hostile-boundary';

export function textPart(name: string, value: string): Buffer {
  return Buffer.from(`--${TEST_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
}

export function filePartHead(name: string, filename: string): Buffer {
  return Buffer.from(`--${TEST_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
}

export const closing = (): Buffer => Buffer.from(`\r\n--${TEST_BOUNDARY}--\r\n`);

export interface StreamedUploadOptions {
  /** Bytes before the file content (parts and the file part's header). */
  head: Buffer;
  /** File content bytes to send after `head`. */
  fileBytes: number;
  /** Send a content-length (as browsers do) instead of chunked transfer encoding. */
  declareLength?: boolean;
  /** Cut the connection after this many file bytes. */
  abortAfter?: number;
}

export interface StreamedUpload {
  status: number;
  body: { success?: string; message?: string } | null;
  /** Bytes the client had handed to its socket when the answer arrived (an upper bound on what the server took). */
  sentBeforeAnswer: number;
  /** From the first byte to the answer. */
  ms: number;
  aborted: boolean;
}

const CHUNK = 64 * 1024;

export function streamUpload(url: string, options: StreamedUploadOptions): Promise<StreamedUpload> {
  const tail = closing();
  const total = options.head.length + options.fileBytes + tail.length;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${TEST_BOUNDARY}`, ...(options.declareLength ? { 'content-length': String(total) } : {}) },
    });
    let sent = 0;
    let answered = false;
    let settled = false;
    const closed = new Promise<void>((done) => req.once('close', () => done()));
    const settle = (result: StreamedUpload) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('error', (error) => {
      // Writing after the server answered and closed is expected; a failure before any answer is not.
      if (!answered && !settled && options.abortAfter === undefined) reject(error);
    });
    req.on('response', (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const ms = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => undefined);
      res.on('end', () => {
        let body: StreamedUpload['body'] = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StreamedUpload['body'];
        } catch {
          body = null;
        }
        settle({ status: res.statusCode ?? 0, body, sentBeforeAnswer, ms, aborted: false });
      });
    });
    const write = (bytes: Buffer) =>
      Promise.race([
        new Promise<void>((done) => {
          sent += bytes.length;
          if (req.write(bytes)) done();
          else req.once('drain', () => done());
        }),
        closed,
      ]);
    void (async () => {
      await write(options.head);
      const filler = Buffer.alloc(CHUNK, 0x61);
      let fileSent = 0;
      while (fileSent < options.fileBytes && !answered && !req.destroyed) {
        if (options.abortAfter !== undefined && fileSent >= options.abortAfter) {
          req.destroy();
          settle({ status: 0, body: null, sentBeforeAnswer: sent, ms: performance.now() - started, aborted: true });
          return;
        }
        const next = filler.subarray(0, Math.min(CHUNK, options.fileBytes - fileSent));
        fileSent += next.length;
        await write(next);
      }
      if (!answered && !req.destroyed) {
        await write(tail);
        req.end();
      }
    })();
  });
}
