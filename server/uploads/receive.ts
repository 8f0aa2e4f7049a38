import { join } from 'node:path';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { checkSignedCaller } from '../auth/signed-caller';
import { MESSAGES } from '../contract/errors';
import { setCaller, type AppEnv } from '../contract/request-chain';
import type { Services } from '../services';
import { UPLOAD_MESSAGES } from './messages';
import { MultipartError, readMultipart, type ReceivedFile } from './multipart';
import { refused } from './refusal';
import type { UploadScratch } from './scratch';
import { isRecord } from '../../src/shared/guards';

/** Who may upload, decided once the signed `data` names the caller. */
export type UploadPermission = (user: CurrentUser) => Promise<boolean>;

/** The signed `data` part is a few hundred bytes; anything near this is not ours. */
export const DATA_MAX_BYTES = 64 * 1024;
/** Multipart framing around the files (boundaries, part headers, `data`), allowed above the files' own limit. */
const FRAMING_BYTES = 1024 * 1024;

export interface UploadSpec<S extends z.ZodTypeAny> {
  /** The contract path the `data` part is signed for. */
  path: string;
  /** Fields of `data` besides device, ts and signature. */
  data: S;
  allowed: UploadPermission;
  file: {
    /** The form field of the file(s): 'file', or 'files' for a batch. */
    field: string;
    maxBytes: number;
    /** Files in one request (1 unless a batch). */
    maxCount?: number;
    /** The message when a file is larger than `maxBytes`. */
    tooLarge: string;
  };
  /** Runs once the caller is authorised, before the first file byte: refuses what the server cannot take now. */
  ready?: () => Promise<void>;
}

export interface Received<S extends z.ZodTypeAny> {
  user: CurrentUser;
  data: z.output<S>;
  /** Non-empty files of the declared field, in the order sent. */
  files: ReceivedFile[];
}

/**
 * Verifies `data` (signed JSON) with the one signed-caller check (auth/signed-caller.ts, as every
 * call and download): the caller's session, the permission, then the fields. The caller is
 * recorded on the request `c` for its access line.
 */
export async function authorise<S extends z.ZodTypeAny>(c: Context<AppEnv>, services: Services, path: string, raw: string, schema: S, allowed: UploadPermission): Promise<{ user: CurrentUser; data: z.output<S> }> {
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    throw refused(400, MESSAGES.badJson);
  }
  if (!isRecord(payload)) throw refused(400, MESSAGES.badJson);
  const check = await checkSignedCaller(services, path, payload);
  if (!check.ok) throw refused(check.status, check.message, check.code);
  const { user } = check;
  setCaller(c, user.id);
  if (!(await allowed(user))) throw refused(403, MESSAGES.forbidden);
  const { device: _d, ts: _t, signature: _s, ...input } = payload;
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw refused(400, UPLOAD_MESSAGES.malformed);
  return { user, data: parsed.data as z.output<S> };
}

/**
 * Reads a multipart upload whose signed `data` part comes first (as our client sends it): the
 * caller is authorised before any file byte reaches the scratch folder; a file before `data`, a
 * file over its limit, too many parts, a broken body or a client that goes away are refused.
 */
export async function receiveUpload<S extends z.ZodTypeAny>(c: Context<AppEnv>, services: Services, scratch: UploadScratch, spec: UploadSpec<S>): Promise<Received<S>> {
  const maxCount = spec.file.maxCount ?? 1;
  // A declared length far above what the files may weigh is refused unread.
  if (Number(c.req.header('content-length') ?? '0') > maxCount * spec.file.maxBytes + FRAMING_BYTES) throw refused(413, spec.file.tooLarge);
  let authorised: { user: CurrentUser; data: z.output<S> } | undefined;
  let result;
  try {
    result = await readMultipart({ 'content-type': c.req.header('content-type') ?? '' }, c.req.raw.body, {
      limits: { maxFileBytes: spec.file.maxBytes, maxFiles: maxCount, maxFieldBytes: DATA_MAX_BYTES, maxFields: 4, maxParts: maxCount + 4, maxHeaderPairs: 16 },
      gateField: 'data',
      gateDeadlineMs: services.config.UPLOAD_DATA_TIMEOUT_MS,
      onGate: async (value) => {
        authorised = await authorise(c, services, spec.path, value, spec.data, spec.allowed);
        await spec.ready?.();
      },
      fileFields: [spec.file.field],
      fileTarget: async (index) => join(await scratch.dir(), `upload-${index}`),
    });
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    if (error.reason === 'tooLarge') throw refused(413, spec.file.tooLarge);
    if (error.reason === 'slow') throw refused(408, UPLOAD_MESSAGES.tooSlow);
    throw refused(400, error.reason === 'fileFirst' ? UPLOAD_MESSAGES.fileFirst : UPLOAD_MESSAGES.malformed);
  }
  if (!authorised) throw refused(401, MESSAGES.forbidden, '-1');
  const files = result.files.filter((file) => file.size > 0);
  if (files.length === 0) throw refused(400, UPLOAD_MESSAGES.noFile);
  return { ...authorised, files };
}

/** The one-file form of `receiveUpload`. */
export async function receiveFile<S extends z.ZodTypeAny>(c: Context<AppEnv>, services: Services, scratch: UploadScratch, spec: UploadSpec<S>): Promise<Omit<Received<S>, 'files'> & { file: ReceivedFile }> {
  const { files, ...rest } = await receiveUpload(c, services, scratch, { ...spec, file: { ...spec.file, maxCount: 1 } });
  return { ...rest, file: files[0]! };
}
