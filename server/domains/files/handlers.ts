import { files } from '../../../src/shared/contract';
import { FILE_TEXTS } from '../../../src/shared/contract/files';
import { formatMoscowDateTime } from '../../../src/shared/domain/moscow-time';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';

export const filesHandlers = [
  implement(files.getFilesList, async (ctx) => {
    const rows = await ctx.services.db.selectFrom('library_files').selectAll().orderBy('id', 'desc').execute();
    return {
      files: rows.map((row) => ({ fileName: row.file_name, fileSize: row.size, description: row.description, userMade: row.user_name, whenMade: formatMoscowDateTime(row.created_at) })),
    };
  }),

  implement(files.deleteFile, async (ctx, { fileName }) => {
    const { db, storage } = ctx.services;
    const row = await db.selectFrom('library_files').select(['id', 'storage_key']).where('file_name', '=', fileName).executeTakeFirst();
    if (!row) fail(FILE_TEXTS.notFound);
    // The row first: nobody is offered a file whose bytes are already gone.
    await db.deleteFrom('library_files').where('id', '=', row.id).execute();
    await storage.deletePrefix(row.storage_key).catch((error: unknown) => ctx.services.log.error(`files: could not remove ${row.storage_key}`, error));
    ctx.services.log.info(`files: '${fileName}' deleted by user ${ctx.user.id}`);
    return {};
  }),
];
