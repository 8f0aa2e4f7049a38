import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { uploadPreview, uploadPreviewData, uploadVideo, uploadVideoData, videoPreviewPath } from '../../../src/shared/contract/video-media';
import { currentUserFromRow, type CurrentUser } from '../../auth/current-user';
import { verifySignature } from '../../auth/signature';
import { MESSAGES } from '../../contract/errors';
import type { AppEnv } from '../../contract/http-router';
import { enqueueJob } from '../../jobs/queue';
import { safeKey } from '../../providers/storage';
import type { Services } from '../../services';
import { isVideoEditor } from '../course/video-access';
import { probe } from './ffmpeg';
import { mediaPrefix, newMediaKey, sourcePrefix, withScratch } from './media-store';
import { boundaryOf, MultipartError, readMultipart } from './multipart';
import { NoVideoError } from './transcode';
import { transcodeVideoJob } from './transcode-job';

export const PREVIEW_MAX_BYTES = 10 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  noFile: 'Выберите файл для загрузки.',
  malformed: 'Некорректный запрос загрузки файла.',
  missing: 'Видео не найдено.',
  imageType: 'Разрешены только форматы jpeg, jpg, png, gif',
  imageSize: 'Размер файла не должен превышать 10 МБ',
  videoSize: (mb: number) => `Размер видео не должен превышать ${mb} МБ`,
} as const;

type Refusal = { status: 400 | 401 | 403 | 404 | 413 | 500 | 503; code: '0' | '-1'; message: string };

export class UploadRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

export const refused = (status: Refusal['status'], message: string, code: '0' | '-1' = '0') => new UploadRefused({ status, code, message });

/** Image formats by their first bytes (the file name and the declared type are not trusted). */
export function imageKind(head: Buffer): 'png' | 'jpeg' | 'gif' | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6 && ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1'))) return 'gif';
  return null;
}

export async function fileHead(path: string, bytes = 16): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Who may upload: video editors unless the caller says otherwise (the question bank's editors). */
export type UploadPermission = (user: CurrentUser) => Promise<boolean>;

/** Verifies `data` (signed JSON) for the upload path: the caller's session, then the editor rule. */
export async function authorise<S extends z.ZodTypeAny>(services: Services, path: string, raw: string, schema: S, allowed: UploadPermission): Promise<{ user: CurrentUser; data: z.output<S> }> {
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    throw refused(400, MESSAGES.badJson);
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw refused(400, MESSAGES.badJson);
  const now = services.clock.now();
  const check = await verifySignature({ db: services.db, kv: services.kv, now }, path, payload as Record<string, unknown>);
  if (!check.ok) throw refused(check.code === '-1' ? 401 : 400, check.message, check.code);
  const user = await currentUserFromRow(services.db, check.user, now);
  if (!user) throw refused(401, MESSAGES.forbidden, '-1');
  if (!(await allowed(user))) throw refused(403, MESSAGES.forbidden);
  const { device: _d, ts: _t, signature: _s, ...input } = payload as Record<string, unknown>;
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw refused(400, UPLOAD_MESSAGES.malformed);
  return { user, data: parsed.data as z.output<S> };
}

/**
 * Reads a multipart upload into a scratch folder. `data` is checked as soon as it arrives (our
 * client sends it first), so a stranger's file is cut off early; a file before `data` is still
 * bounded by `maxFileBytes` and discarded on refusal.
 */
export async function receive<S extends z.ZodTypeAny>(
  c: Context<AppEnv>,
  services: Services,
  path: string,
  schema: S,
  maxFileBytes: number,
  tooLarge: string,
  dir: string,
  allowed: UploadPermission = isVideoEditor,
  /** Runs once the caller is authorised, before the file is read: refuses what the server cannot take now. */
  ready: () => Promise<void> = async () => undefined,
): Promise<{ user: CurrentUser; data: z.output<S>; file: { path: string; filename: string; size: number } }> {
  const boundary = boundaryOf(c.req.header('content-type'));
  if (!boundary) throw refused(400, UPLOAD_MESSAGES.malformed);
  // Multipart overhead is small; a declared length far above the limit is refused unread.
  if (Number(c.req.header('content-length') ?? '0') > maxFileBytes + 1024 * 1024) throw refused(413, tooLarge);
  let authorised: { user: CurrentUser; data: z.output<S> } | undefined;
  let result;
  try {
    result = await readMultipart(c.req.raw.body, boundary, {
      maxFileBytes,
      fileTarget: (_field, index) => join(dir, `upload-${index}`),
      onField: async (name, value) => {
        if (name !== 'data') return;
        authorised = await authorise(services, path, value, schema, allowed);
        await ready();
      },
    });
  } catch (error) {
    if (error instanceof MultipartError) throw error.reason === 'tooLarge' ? refused(413, tooLarge) : refused(400, UPLOAD_MESSAGES.malformed);
    throw error;
  }
  if (!authorised) throw refused(401, MESSAGES.forbidden, '-1');
  const file = result.files.find((candidate) => candidate.field === 'file');
  if (!file || file.size === 0) throw refused(400, UPLOAD_MESSAGES.noFile);
  return { ...authorised, file };
}

export function answer(c: Context<AppEnv>, services: Services, path: string, run: (dir: string) => Promise<Record<string, unknown>>): Promise<Response> {
  return withScratch(run)
    .then((body) => c.json({ success: '1', message: '', ...body }))
    .catch((error: unknown) => {
      if (error instanceof UploadRefused) return c.json({ success: error.refusal.code, message: error.refusal.message }, error.refusal.status);
      services.log.error(`${path}: upload failed`, error);
      return c.json({ success: '0', message: MESSAGES.internal }, 500);
    });
}

/** Keeps a readable original name for the back office; never used as a path. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f]/g, '').slice(0, 200) || 'video';
}

export function mountVideoUploads(app: Hono<AppEnv>, services: Services): void {
  app.post(uploadVideo.path, (c) =>
    answer(c, services, uploadVideo.path, async (dir) => {
      const maxMb = services.config.VIDEO_UPLOAD_MAX_MB;
      // Without a working ffmpeg the file could never be processed: say why before it is sent.
      const toolsReady = async () => {
        const { problem } = await services.videoTools.status();
        if (problem) throw refused(503, problem);
      };
      const { user, data, file } = await receive(c, services, uploadVideo.path, uploadVideoData, maxMb * 1024 * 1024, UPLOAD_MESSAGES.videoSize(maxMb), dir, isVideoEditor, toolsReady);
      const video = await services.db.selectFrom('videos').select(['id', 'media_key']).where('id', '=', data.videoId).executeTakeFirst();
      if (!video) throw refused(404, UPLOAD_MESSAGES.missing);
      const info = await probe((await services.videoTools.require()).ffprobe, file.path);
      if (!info.hasVideo) throw refused(400, new NoVideoError().message);

      const mediaKey = newMediaKey(video.id);
      const source = safeKey(sourcePrefix(mediaKey), 'source.bin');
      await services.storage.putPath(source, file.path);
      const now = services.clock.now();
      await services.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('videos')
          .set({ filename: displayName(file.filename), media_status: 'queued', media_key: mediaKey, media_error: '', duration_ms: 0, updated_at: now })
          .where('id', '=', video.id)
          .execute();
        await enqueueJob(trx, transcodeVideoJob, { videoId: video.id, mediaKey, source, userId: user.id }, { runAt: now, key: `video-transcode:${video.id}:${mediaKey}`, now });
      });
      // The old rendition and any older source are superseded: their jobs see a different key.
      if (video.media_key !== '') {
        await services.storage.deletePrefix(mediaPrefix(video.media_key)).catch(() => undefined);
        await services.storage.deletePrefix(sourcePrefix(video.media_key)).catch(() => undefined);
      }
      services.log.info(`video ${video.id}: upload ${file.size} bytes queued as ${mediaKey} by user ${user.id}`);
      return { videoId: video.id, mediaStatus: 'queued' };
    }),
  );

  app.post(uploadPreview.path, (c) =>
    answer(c, services, uploadPreview.path, async (dir) => {
      const { data, file } = await receive(c, services, uploadPreview.path, uploadPreviewData, PREVIEW_MAX_BYTES, UPLOAD_MESSAGES.imageSize, dir);
      const kind = imageKind(await fileHead(file.path));
      if (!kind) throw refused(400, UPLOAD_MESSAGES.imageType);
      const video = await services.db.selectFrom('videos').select(['id', 'preview_path']).where('id', '=', data.videoId).executeTakeFirst();
      if (!video) throw refused(404, UPLOAD_MESSAGES.missing);
      const key = safeKey('previews', `${video.id}-${data.previewType}-${randomBytes(6).toString('hex')}.${kind === 'jpeg' ? 'jpg' : kind}`);
      await services.storage.putPath(key, file.path);
      if (data.previewType === 'squared') {
        await services.db.updateTable('videos').set({ preview_path: key, updated_at: services.clock.now() }).where('id', '=', video.id).execute();
        if (video.preview_path.startsWith('previews/')) await services.storage.deletePrefix(video.preview_path).catch(() => undefined);
      } else {
        // No column for the second picture: its latest upload is found by a fixed pointer file.
        await services.storage.putBytes(safeKey('previews', `${video.id}-rectangled.current`), Buffer.from(key));
      }
      return { videoPreview: `${videoPreviewPath(video.id, data.previewType)}?v=${key.slice(-16, -4)}` };
    }),
  );
}
