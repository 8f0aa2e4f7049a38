import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { Hono } from 'hono';
import { createFile, createFileData, FILE_DOWNLOAD_PATH, FILE_MAX_BYTES, FILE_TEXTS, fileDownloadInput } from '../../../src/shared/contract/files';
import { accessAllowed } from '../../auth/current-user';
import { SIGNED_REQUEST_MAX_BYTES } from '../../contract/bounded-body';
import { MESSAGES } from '../../contract/errors';
import { refuseRequest, signedJson } from '../../contract/signed-caller';
import type { AppEnv } from '../../contract/http-router';
import type { Db } from '../../db';
import { safeKey } from '../../providers/storage';
import type { Services } from '../../services';
import { fullName } from '../../../src/shared/domain/user-names';
import { answerUpload, receiveFile, refused } from '../../uploads';
import { detectFileKind, extensionOf, sanitizeFileName } from './file-kinds';

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

  app.post(FILE_DOWNLOAD_PATH, signedJson(services, FILE_DOWNLOAD_PATH, { maxBytes: SIGNED_REQUEST_MAX_BYTES }), async (c) => {
    const { user } = c.get('caller')!;
    if (!(await accessAllowed(createFile.access, user, await services.iconRules.get()))) return refuseRequest(c, 403, 'denied', '0', MESSAGES.forbidden);
    const input = fileDownloadInput.safeParse(c.get('input'));
    if (!input.success) return refuseRequest(c, 400, 'invalid', '0', FILE_TEXTS.notFound);
    const row = await services.db.selectFrom('library_files').selectAll().where('file_name', '=', input.data.fileName).executeTakeFirst();
    const bytes = row ? await services.storage.readBytes(row.storage_key) : null;
    if (!row || !bytes) return refuseRequest(c, 404, 'fail', '0', FILE_TEXTS.notFound);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': row.content_type,
      'content-disposition': `attachment; filename="file.${extensionOf(row.file_name) || 'bin'}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
  });
}
