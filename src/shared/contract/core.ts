import { z } from 'zod';
import type { AccessRule } from './access';

/**
 * The wire contract: each call is declared once here and implemented once on the server.
 * Paths, field names and '0'/'1' flags follow the spec exactly (wire compatibility).
 */

type AnyObject = z.ZodType<Record<string, unknown>>;

interface CallOptions<I extends AnyObject, O extends AnyObject> {
  input: I;
  output: O;
  access: AccessRule;
  /** Our own call, not in the spec's catalogue (e.g. local sign-in). */
  extension?: boolean;
  /** Leave the caller out of the per-call log line (anonymous feedback must stay anonymous). */
  anonymousLog?: boolean;
  /**
   * The call only reads: it changes nothing on the server. Its signature is then not recorded in
   * the replay cache (one database write less per call); a replay inside the signature window
   * answers what the captured call already answered. tests/server/read-only-calls.test.ts checks
   * the database stays the same. Leave it out whenever in doubt: every other call is recorded.
   */
  readOnly?: boolean;
}

export interface HttpContract<I extends AnyObject = AnyObject, O extends AnyObject = AnyObject>
  extends CallOptions<I, O> {
  readonly kind: 'http';
  readonly path: string;
}

export interface LiveContract<I extends AnyObject = AnyObject, O extends AnyObject = AnyObject>
  extends CallOptions<I, O> {
  readonly kind: 'live';
  readonly path: string;
}

export interface PushContract<B extends AnyObject = AnyObject> {
  readonly kind: 'push';
  readonly path: string;
  readonly body: B;
  /** The client must answer with a `response` (server request with acknowledgement). */
  readonly ack: boolean;
  readonly extension?: boolean;
}

/** A websocket endpoint; it is signed at connect (`{device, ts}` for its path, in the query). */
export interface SocketContract {
  readonly kind: 'socket';
  readonly path: string;
  readonly access: AccessRule;
  readonly extension?: boolean;
}

/**
 * One frame type of a websocket, named as the catalogue names it (`socketPath#TYPE`): who sends
 * it and the shape of its `data`.
 */
export interface FrameContract<D extends z.ZodTypeAny = z.ZodTypeAny, T extends string = string> {
  readonly kind: 'frame';
  readonly path: string;
  readonly socketPath: string;
  readonly type: T;
  readonly from: 'client' | 'server' | 'both';
  readonly data: D;
  readonly extension?: boolean;
}

/** An HTTP GET stream (the HLS video), authorised by short-lived signed cookies. */
export interface StreamContract {
  readonly kind: 'stream';
  readonly path: string;
  readonly access: AccessRule;
  readonly extension?: boolean;
}

/** A multipart POST upload: a file plus `data`, a JSON payload signed like a call for the path. */
export interface UploadContract {
  readonly kind: 'upload';
  readonly path: string;
  readonly access: AccessRule;
  readonly extension?: boolean;
}

/** A POST with a signed JSON body that answers a file (a spreadsheet), served by its domain's own route. */
export interface DownloadContract {
  readonly kind: 'download';
  readonly path: string;
  readonly access: AccessRule;
  readonly extension?: boolean;
}

export type CallContract = HttpContract | LiveContract;
export type AnyContract = CallContract | PushContract | SocketContract | FrameContract | StreamContract | UploadContract | DownloadContract;

/** A signed (or public) HTTP POST call. */
export function http<I extends AnyObject, O extends AnyObject>(
  path: string,
  options: CallOptions<I, O>,
): HttpContract<I, O> {
  return { kind: 'http', path, ...options };
}

/** A request over the live socket `/go/online/ws`. */
export function live<I extends AnyObject, O extends AnyObject>(
  path: string,
  options: CallOptions<I, O>,
): LiveContract<I, O> {
  return { kind: 'live', path, ...options };
}

/** A server → client message over the live socket. */
export function push<B extends AnyObject>(
  path: string,
  options: { body: B; ack?: boolean; extension?: boolean },
): PushContract<B> {
  return { kind: 'push', path, body: options.body, ack: options.ack ?? false, extension: options.extension };
}

/** A websocket endpoint (the live socket, the video-chat signalling socket). */
export function socket(path: string, options: { access: AccessRule; extension?: boolean }): SocketContract {
  return { kind: 'socket', path, ...options };
}

/** A frame type of a websocket: `path` is `socketPath#TYPE`. */
export function frame<S extends string, T extends string, D extends z.ZodTypeAny>(
  path: `${S}#${T}`,
  options: { from: FrameContract['from']; data: D; extension?: boolean },
): FrameContract<D, T> {
  const at = path.indexOf('#');
  return { kind: 'frame', path, socketPath: path.slice(0, at), type: path.slice(at + 1) as T, ...options };
}

/** A signed-cookie stream endpoint (served by its domain's own route, not the call pipeline). */
export function stream(path: string, options: { access: AccessRule; extension?: boolean }): StreamContract {
  return { kind: 'stream', path, ...options };
}

/** A multipart upload endpoint (served by its domain's own route, not the call pipeline). */
export function upload(path: string, options: { access: AccessRule; extension?: boolean }): UploadContract {
  return { kind: 'upload', path, ...options };
}

/** A signed-body file download (served by its domain's own route, not the call pipeline). */
export function download(path: string, options: { access: AccessRule; extension?: boolean }): DownloadContract {
  return { kind: 'download', path, ...options };
}

export type InputOf<C extends CallContract> = z.input<C['input']>;
export type ParsedInputOf<C extends CallContract> = z.output<C['input']>;
export type OutputOf<C extends CallContract> = z.output<C['output']>;
export type BodyOf<P extends PushContract> = z.output<P['body']>;

/** `success` codes of the envelope (ARCHITECTURE §3). */
export const SUCCESS = {
  ok: '1',
  fail: '0',
  signedOut: '-1',
  otherDevice: '22',
  signallingNotice: '30',
} as const;

export type SuccessCode = (typeof SUCCESS)[keyof typeof SUCCESS];

/** Every response carries these two; outputs add their own fields. */
export interface Envelope {
  success: SuccessCode;
  message: string;
}
