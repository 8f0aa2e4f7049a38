import { readFile } from 'node:fs/promises';
import type { Hono } from 'hono';
import { z } from 'zod';
import { exportCoursePackage, importCoursePackage } from '../../../../src/shared/contract/course-editor';
import { accessAllowed } from '../../../auth/current-user';
import { SIGNED_REQUEST_MAX_BYTES } from '../../../contract/bounded-body';
import { refuseRequest, signedJson } from '../../../contract/signed-caller';
import { MESSAGES } from '../../../contract/errors';
import type { AppEnv } from '../../../contract/http-router';
import type { Services } from '../../../services';
import { answerUpload, receiveFile, refused, UPLOAD_MESSAGES } from '../../../uploads';
import { buildCoursePackage, zipCoursePackage } from './export';
import { importCoursePackage as importPackage } from './import';
import { storageImageSink } from '../lesson-images';
import { CoursePackageError } from './manifest';
import { DEFAULT_ARCHIVE_LIMITS, readZip } from './read-archive';
import type { VideoSources } from './video-sources';

/** The largest package the editor takes (videos make packages big; the CLI has no such limit). */
export const PACKAGE_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;

const flag = z.enum(['0', '1']);
const exportData = z.object({ includeVideoFiles: flag.default('0') });
const importData = z.object({ replace: flag.default('0') });

/**
 * The course as a package in the editor (admins only), mounted by server/domains/index.ts (the
 * video domain lends it the video sources): POST export_package (a signed body,
 * answered with the zip) and import_package (multipart: the zip plus signed `data`). The caller
 * is authorised before any byte of the archive is read; a refused package changes nothing.
 */
export function mountCoursePackages(app: Hono<AppEnv>, services: Services, videoSources: VideoSources): void {
  const allowedFor = (rule: typeof exportCoursePackage.access) => async (user: Parameters<typeof accessAllowed>[1]) => accessAllowed(rule, user, await services.iconRules.get());

  app.post(exportCoursePackage.path, signedJson(services, exportCoursePackage.path, { maxBytes: SIGNED_REQUEST_MAX_BYTES }), async (c) => {
    const { user } = c.get('caller')!;
    if (!(await allowedFor(exportCoursePackage.access)(user))) return refuseRequest(c, 403, 'denied', '0', MESSAGES.forbidden);
    const data = exportData.safeParse(c.get('input'));
    if (!data.success) return refuseRequest(c, 400, 'invalid', '0', UPLOAD_MESSAGES.malformed);
    const exported = await buildCoursePackage(services.db, services.storage, { videoFiles: data.data.includeVideoFiles === '1' ? videoSources : null, now: services.clock.now() });
    const zip = zipCoursePackage(exported);
    services.log.info(`course package: exported ${zip.byteLength} bytes for user ${user.id}`);
    return c.body(new Uint8Array(zip), 200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="course.zip"; filename*=UTF-8''${encodeURIComponent('курс.zip')}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
  });

  app.post(importCoursePackage.path, (c) =>
    answerUpload(c, services, async (scratch) => {
      const { user, data, file } = await receiveFile(c, services, scratch, {
        path: importCoursePackage.path,
        data: importData,
        allowed: allowedFor(importCoursePackage.access),
        file: { field: 'file', maxBytes: PACKAGE_UPLOAD_MAX_BYTES, tooLarge: `Пакет курса больше ${PACKAGE_UPLOAD_MAX_BYTES / 1024 / 1024} МБ` },
      });
      try {
        const entries = readZip(new Uint8Array(await readFile(file.path)), DEFAULT_ARCHIVE_LIMITS);
        const result = await importPackage(services.db, entries, {
          replace: data.replace === '1',
          now: services.clock.now(),
          images: storageImageSink(services.storage),
          videoFiles: videoSources,
        });
        services.log.info(`course package: imported ${result.lessons} lessons by user ${user.id}`);
        return { ...result };
      } catch (error) {
        if (error instanceof CoursePackageError) throw refused(400, error.message);
        throw error;
      }
    }),
  );
}
