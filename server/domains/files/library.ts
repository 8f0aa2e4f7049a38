import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { Hono } from 'hono';
import { createFile, createFileData, FILE_DOWNLOAD_PATH, FILE_MAX_BYTES, FILE_TEXTS, fileDownloadInput } from '../../../src/shared/contract/files';
import { accessAllowed, currentUserFromRow } from '../../auth/current-user';
import { verifySignature } from '../../auth/signature';
import { readBodyText, SIGNED_REQUEST_MAX_BYTES } from '../../contract/bounded-body';
import { parseBoundedJson } from '../../contract/bounded-json';
import { MESSAGES } from '../../contract/errors';
import type { AppEnv } from '../../contract/http-router';
import type { Db } from '../../db';
import { safeKey } from '../../providers/storage';
import type { Services } from '../../services';
import { fullName } from '../../../src/shared/domain/user-names';
import { answerUpload, receiveFile, refused } from '../../uploads';
import { detectFileKind, extensionOf, sanitizeFileName } from './file-kinds';
import { isRecord } from '../../../src/shared/guards';

async function sampleOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A free display name: 'План.pdf', then 'План (2).pdf', … */
async function freeName(db: Db, wanted: string): Promise<string> {
  const extension = extensionOf(wanted);
  const stem = extension ? wanted.slice(0, -(extension.length + 1)) : wanted;
  for (let index = 1; index < 1000; index += 1) {
    const candidate = index === 1 ? wanted : `${stem} (${index})${extension ? `.${extension}` : ''}`;
    if (!(await db.selectFrom('library_files').select('id').where('file_name', '=', candidate).executeTakeFirst())) return candidate;
  }
  return `${stem}-${randomBytes(4).toString('hex')}${extension ? `.${extension}` : ''}`;
}

/**
 * POST /go/files/create_file: a file of at most 32 MB with a description, accepted only when its
 * bytes are a known document, picture, audio, video or archive whose kind matches the extension;
 * stored through the storage provider under a random key, listed under its sanitised name.
 * POST /go/files/download_file: the bytes, for a signed call of a user with the files button.
 */
export function mountFileLibrary(app: Hono<AppEnv>, services: Services): void {
  app.post(createFile.path, (c) =>
    answerUpload(c, services, async (scratch) => {
      const icons = await services.iconRules.get();
      const { user, data, file } = await receiveFile(c, services, scratch, {
        path: createFile.path,
        data: createFileData,
        allowed: async (candidate) => accessAllowed(createFile.access, candidate, icons),
        file: { field: 'file', maxBytes: FILE_MAX_BYTES, tooLarge: FILE_TEXTS.tooLarge },
      });
      const description = data.description.trim();
      if (description === '') throw refused(400, FILE_TEXTS.noDescription);
      const kind = detectFileKind(await sampleOf(file.path));
      if (!kind) throw refused(400, FILE_TEXTS.badType);
      let name = sanitizeFileName(file.filename);
      const extension = extensionOf(name);
      if (extension === '') name = `${name}.${kind.extensions[0]}`;
      else if (!kind.extensions.includes(extension)) throw refused(400, FILE_TEXTS.mismatch);
      const key = safeKey('files', `${randomBytes(16).toString('hex')}.bin`);
      await services.storage.putPath(key, file.path);
      const now = services.clock.now();
      // The unique name is taken at insert time; a rare race with the same name just tries the next.
      for (let attempt = 0; ; attempt += 1) {
        const fileName = await freeName(services.db, name);
        try {
          await services.db
            .insertInto('library_files')
            .values({ file_name: fileName, storage_key: key, content_type: kind.contentType, size: file.size, description, user_id: user.id, user_name: fullName(user.row), created_at: now })
            .execute();
          services.log.info(`files: '${fileName}' (${kind.name}, ${file.size} bytes) uploaded by user ${user.id}`);
          return { fileName };
        } catch (error) {
          if (attempt >= 3) {
            await services.storage.deletePrefix(key).catch(() => undefined);
            throw error;
          }
        }
      }
    }),
  );

  app.post(FILE_DOWNLOAD_PATH, async (c) => {
    const refuse = (status: 400 | 401 | 403 | 404 | 413, code: '0' | '-1', message: string) => c.json({ success: code, message }, status);
    // A signed request of a few fields: bounded in size and depth before anything reads it.
    const text = await readBodyText(c.req.raw, SIGNED_REQUEST_MAX_BYTES);
    if (text === null) return refuse(413, '0', MESSAGES.tooLarge);
    const parsed = parseBoundedJson(text);
    if (!parsed.ok) return refuse(400, '0', parsed.message ?? MESSAGES.badJson);
    const payload = parsed.value;
    if (!isRecord(payload)) return refuse(400, '0', MESSAGES.badJson);
    const now = services.clock.now();
    const check = await verifySignature({ db: services.db, kv: services.kv, now }, FILE_DOWNLOAD_PATH, payload);
    if (!check.ok) return refuse(check.code === '-1' ? 401 : 400, check.code, check.message);
    const user = await currentUserFromRow(services.db, check.user, now);
    if (!user) return refuse(401, '-1', MESSAGES.forbidden);
    if (!(await accessAllowed(createFile.access, user, await services.iconRules.get()))) return refuse(403, '0', MESSAGES.forbidden);
    const input = fileDownloadInput.safeParse(payload);
    if (!input.success) return refuse(400, '0', FILE_TEXTS.notFound);
    const row = await services.db.selectFrom('library_files').selectAll().where('file_name', '=', input.data.fileName).executeTakeFirst();
    const bytes = row ? await services.storage.readBytes(row.storage_key) : null;
    if (!row || !bytes) return refuse(404, '0', FILE_TEXTS.notFound);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': row.content_type,
      'content-disposition': `attachment; filename="file.${extensionOf(row.file_name) || 'bin'}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
  });
}
