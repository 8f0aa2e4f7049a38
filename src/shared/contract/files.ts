import { z } from 'zod';
import { access } from './access';
import { live, upload } from './core';
import { safeString } from './fields';

/**
 * The back office's file library (back-office §2.9, §3 'File', §5 upload rules, §7.2 /files/*,
 * §7.3 /go/files/create_file). Everything needs the 'files' button (staff and USERS_LOADERS_FILES).
 */

const fileKeepers = access.icon('files');

/** §5/§9: at most 32 MB. */
export const FILE_MAX_BYTES = 32 * 1024 * 1024;
export const FILE_DESCRIPTION_MAX = 500;
export const FILE_TEXTS = {
  tooLarge: 'Размер файла превышает 32 МБ',
  noFile: 'Выберите файл для загрузки',
  noDescription: 'Добавьте описание файла',
  badType: 'Такой тип файла не принимается: загрузите документ, таблицу, презентацию, PDF, картинку, аудио, видео или архив',
  mismatch: 'Содержимое файла не совпадает с его расширением',
  notFound: 'Файл не найден',
} as const;

export const libraryFile = z.object({
  fileName: z.string(),
  /** Bytes. */
  fileSize: z.number().int(),
  description: z.string(),
  userMade: z.string(),
  /** Moscow 'dd.mm.yyyy hh:mm'. */
  whenMade: z.string(),
});
export type LibraryFile = z.infer<typeof libraryFile>;

export const getFilesList = live('/files/get_files_list', {
  input: z.object({}),
  output: z.object({ files: z.array(libraryFile) }),
  access: fileKeepers,
});

export const fileNameField = safeString().min(1, 'не заполнено').max(200, 'не длиннее 200 символов');

export const deleteFile = live('/files/delete_file', {
  input: z.object({ fileName: fileNameField }),
  output: z.object({}),
  access: fileKeepers,
});

/** Multipart: `data` {description} signed for the path, then `file`. */
export const createFile = upload('/go/files/create_file', { access: fileKeepers });
export const createFileData = z.object({ description: safeString().max(FILE_DESCRIPTION_MAX, `не длиннее ${FILE_DESCRIPTION_MAX} символов`) });

/**
 * Our download call (not in the spec's catalogue, so it is not a registered contract): POST with a
 * JSON body {fileName} signed like a call for this path; the answer is the file's bytes, or a JSON
 * envelope with success '-1' (no session) or '0'.
 */
export const FILE_DOWNLOAD_PATH = '/go/files/download_file';
export const fileDownloadInput = z.object({ fileName: fileNameField });
