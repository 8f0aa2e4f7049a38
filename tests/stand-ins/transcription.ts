import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of an OpenAI-compatible `/audio/transcriptions` endpoint for tests (point
 * TRANSCRIPTION_URL at `url`). It parses nothing but checks the multipart carries a file, the
 * model and verbose_json, then answers with `segments`, or with `failWith` as an error.
 */
export interface TranscriptionStandIn {
  url: string;
  /** Bearer keys seen, and sizes of the uploaded multipart bodies. */
  requests: Array<{ authorization: string; bytes: number; model: string }>;
  segments: Array<{ start: number; end: number; text: string }>;
  failWith: { status: number; message: string } | null;
  close(): Promise<void>;
}

export async function startTranscriptionStandIn(): Promise<TranscriptionStandIn> {
  const state: Omit<TranscriptionStandIn, 'url' | 'close'> = { requests: [], segments: [], failWith: null };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') return reply(404, { error: { message: 'not found' } });
      const body = Buffer.concat(chunks);
      const text = body.toString('latin1');
      const model = /name="model"\r\n\r\n([^\r]*)/.exec(text)?.[1] ?? '';
      state.requests.push({ authorization: request.headers.authorization ?? '', bytes: body.length, model });
      if (!/name="file"; filename="audio\.m4a"/.test(text) || !/name="response_format"\r\n\r\nverbose_json/.test(text)) {
        return reply(400, { error: { message: 'file and response_format=verbose_json required' } });
      }
      if (state.failWith) return reply(state.failWith.status, { error: { message: state.failWith.message } });
      reply(200, { task: 'transcribe', language: 'russian', text: state.segments.map((s) => s.text).join(' '), segments: state.segments });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
